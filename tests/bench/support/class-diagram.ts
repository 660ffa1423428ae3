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
