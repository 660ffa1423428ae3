/** The 60-element solution the evaluation and grading benchmarks measure against. */

/** 12 classes of 3 attributes each, and 12 relationships: 60 elements. */
export function classDiagram(): string {
  const names = [
    'Member',
    'Room',
    'Booking',
    'Hall',
    'Librarian',
    'Closure',
    'Group',
    'Card',
    'Fine',
    'Event',
    'Desk',
    'Kiosk',
  ];
  const lines = ['classDiagram'];
  for (const name of names) {
    lines.push(
      `  class ${name} {`,
      `    String ${name.toLowerCase()}Code`,
      '    Date openedOn',
      `    int ${name.toLowerCase()}Count`,
      '  }',
    );
  }
  names.forEach((name, index) => {
    lines.push(`  ${name} "1" --> "0..*" ${names[(index + 1) % names.length]} : manages${index}`);
  });
  return lines.join('\n');
}

/**
 * A student's long diagram: the solution's 12 classes with one attribute right, one misnamed and
 * three of their own, 28 classes of their own, and 19 relationships, some right: 300 lines.
 */
export function longHandIn(solution: string): string {
  const classes = [...solution.matchAll(/^ {2}class (\w+) \{$/gm)].map((match) => match[1]!);
  const own = Array.from(
    { length: 28 },
    (_, i) => `Extra${String.fromCharCode(65 + (i % 26))}${i < 26 ? '' : 'x'}`,
  );
  const lines = ['classDiagram'];
  for (const name of [...classes, ...own]) {
    const lower = name.toLowerCase();
    lines.push(
      `  class ${name} {`,
      `    +String ${lower}Code`,
      `    +int ${lower}Total`,
      '    +Date updatedOn',
      '    +String notes',
      '    +boolean active',
      '  }',
    );
  }
  classes.forEach((name, index) => {
    const next = classes[(index + 1) % classes.length]!;
    lines.push(index % 2 ? `  ${name} --> ${next}` : `  ${name} "1" --> "0..*" ${next} : manages${index}`);
  });
  for (let i = 0; i < 19 - classes.length; i++) lines.push(`  ${own[i]} --> ${own[i + 1]} : feeds`);
  return lines.join('\n');
}
