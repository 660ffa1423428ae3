import { gradeOffline } from '@shared/evaluation/grading';
import { type HandInGrade, handInGradeSchema } from '@shared/schemas/grading';
import { type SolutionFormat, solutionFormats } from '@shared/schemas/resources';
import fc from 'fast-check';
import { stringify } from 'yaml';

/**
 * Grading as properties: a hand-in equal to the solution grades 10 and an empty one 0, whatever
 * the solution; shuffling a hand-in's lines (or its list items and keys) and changing its
 * whitespace changes nothing; renaming an element loses it; an extra element not in the solution
 * lowers the grade before rounding and never below 0; any text at all grades without throwing.
 */

const CLASS_NAMES = [
  'Member',
  'Ticket',
  'Venue',
  'Invoice',
  'Driver',
  'Parcel',
  'Garden',
  'Doctor',
  'Lesson',
  'Planet',
  'Harbour',
  'Lantern',
  'SeatingZone',
  'LoyaltyCard',
  'ParkingSpot',
];
const ATTRIBUTES = [
  'colour',
  'weight',
  'height',
  'price',
  'title',
  'address',
  'rating',
  'budget',
  'region',
  'surname',
  'licence',
  'postcode',
];
const VERBS = ['sponsors', 'issues', 'visits', 'repairs', 'collects', 'inspects', 'teaches', 'hosts'];
const MANY = ['1', '0..1', '0..*', '1..*'];
const ARROWS = ['-->', '--', '<|--', '*--', 'o--', '..>'];
/** Words that appear in no pool: what a renamed or an extra element is called. */
const FRESH = ['Zorblat', 'Quenvik', 'Flimdor', 'Praxtel', 'Vornish', 'Glimpet', 'Trabbin', 'Skelmor'];

/** A class diagram in one-line statements, so that any order of its lines is the same diagram. */
const classDiagram = fc
  .uniqueArray(fc.constantFrom(...CLASS_NAMES), { minLength: 2, maxLength: 6 })
  .chain((classes) =>
    fc.record({
      classes: fc.constant(classes),
      attributes: fc.array(
        fc.tuple(
          fc.constantFrom(...classes),
          fc.uniqueArray(fc.constantFrom(...ATTRIBUTES), { maxLength: 3 }),
        ),
        { maxLength: classes.length },
      ),
      relationships: fc.uniqueArray(
        fc.record({
          pair: fc.uniqueArray(fc.constantFrom(...classes), { minLength: 2, maxLength: 2 }),
          arrow: fc.constantFrom(...ARROWS),
          many: fc.option(fc.tuple(fc.constantFrom(...MANY), fc.constantFrom(...MANY)), { nil: undefined }),
          verb: fc.option(fc.constantFrom(...VERBS), { nil: undefined }),
        }),
        { maxLength: 4, selector: (relationship) => relationship.pair.join(' ') },
      ),
    }),
  )
  .map(({ classes, attributes, relationships }) => {
    const lines = classes.map((name) => `class ${name}`);
    for (const [owner, names] of attributes)
      for (const name of names) lines.push(`${owner} : String ${name}`);
    for (const { pair, arrow, many, verb } of relationships) {
      const [a, b] = pair as [string, string];
      const ends = arrow === '<|--' || !many ? [a, b] : [`${a} "${many[0]}"`, `"${many[1]}" ${b}`];
      lines.push(`${ends[0]} ${arrow} ${ends[1]}${verb && arrow !== '<|--' ? ` : ${verb}` : ''}`);
    }
    return lines;
  });

const NOUNS = [
  'member',
  'ticket',
  'venue',
  'invoice',
  'driver',
  'parcel',
  'garden',
  'doctor',
  'lesson',
  'planet',
];
const ADJECTIVES = ['red', 'quiet', 'heavy', 'narrow', 'public', 'private', 'wooden', 'yearly'];

/** Short sentences of prose, one a line. */
const sentences = fc
  .uniqueArray(
    fc
      .tuple(
        fc.constantFrom(...NOUNS),
        fc.constantFrom(...VERBS),
        fc.constantFrom(...ADJECTIVES),
        fc.constantFrom(...NOUNS),
      )
      .map(([a, verb, adjective, b]) => `The ${a} ${verb} the ${adjective} ${b}.`),
    { minLength: 1, maxLength: 8 },
  )
  .map((lines) => lines.map((line) => line.charAt(0).toUpperCase() + line.slice(1)));

/** A YAML or JSON document: lists of sentences and short values under keys. */
const documentValue = fc.record(
  {
    system: fc.constantFrom(...NOUNS).map((noun) => `${noun} service`),
    actors: fc.uniqueArray(fc.constantFrom(...NOUNS), { minLength: 1, maxLength: 4 }),
    requirements: sentences,
  },
  { requiredKeys: ['requirements'] },
);

const shuffled = <T>(items: readonly T[]) =>
  fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });

/** Any text layout of the same document: keys and list items in any order, any indentation. */
const layoutOf = (value: Record<string, unknown>, format: 'yaml' | 'json') =>
  fc
    .tuple(
      shuffled(Object.keys(value)),
      fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
      fc.constantFrom(2, 4),
    )
    .map(([keys, seeds, indent]) => {
      const reordered = Object.fromEntries(
        keys.map((key, index) => {
          const entry = value[key];
          return [key, Array.isArray(entry) ? rotate(entry, seeds[index % 3]!) : entry];
        }),
      );
      return format === 'yaml' ? stringify(reordered, { indent }) : JSON.stringify(reordered, null, indent);
    });
const rotate = <T>(items: readonly T[], by: number) =>
  items.map((_, index) => items[(index + by) % items.length]!);

/** The same lines, in any order, indented, spaced and ended anyhow, with blank lines between. */
const relaidLines = (lines: readonly string[]) =>
  fc
    .tuple(
      shuffled(lines),
      fc.array(fc.tuple(fc.constantFrom('', ' ', '  ', '\t'), fc.constantFrom('', ' ', '  '), fc.boolean()), {
        minLength: lines.length,
        maxLength: lines.length,
      }),
      fc.constantFrom('\n', '\r\n'),
    )
    .map(([order, spacing, newline]) =>
      order
        .map((line, index) => {
          const [indent, trailing, blankAfter] = spacing[index]!;
          return `${indent}${line.replace(/ /g, index % 2 ? '  ' : ' ')}${trailing}${blankAfter ? newline : ''}`;
        })
        .join(newline),
    );

const grade = (solution: string, solutionFormat: SolutionFormat, handIn: string) =>
  gradeOffline({ solution, solutionFormat, handIn });

/**
 * What a grade says, without what depends on where things stand in the hand-in: the order of its
 * extras, and (`positions: false`) the list positions a document's paths quote.
 */
const verdict = (result: HandInGrade, positions = true) => {
  const shown = (label: string | undefined) => (positions ? label : label?.replace(/\[\d+\]/g, '[]'));
  return {
    grade: result.grade,
    figures: result.figures,
    elements: result.elements.map((e) => [e.status, e.note, shown(e.evidence)]),
    extra: result.extra.map((e) => `${e.kind} ${shown(e.label)}`).sort(),
  };
};

const RUNS = { numRuns: 150 };

describe('grading, as properties', () => {
  it('grades a hand-in equal to the solution 10 and an empty one 0, in every format', () => {
    const solutions = fc.oneof(
      classDiagram.map((lines) => ['mermaid', `classDiagram\n${lines.join('\n')}`] as const),
      sentences.map((lines) => ['text', lines.join('\n')] as const),
      sentences.map((lines) => ['markdown', lines.map((line) => `- ${line}`).join('\n')] as const),
      documentValue.map((value) => ['yaml', stringify(value)] as const),
      documentValue.map((value) => ['json', JSON.stringify(value)] as const),
    );
    fc.assert(
      fc.property(solutions, fc.constantFrom('', '  \n\t\n'), ([format, solution], empty) => {
        const same = grade(solution, format, solution);
        expect(same).toMatchObject({ grade: 10, final: 10, figures: { missing: 0, partly: 0, extra: 0 } });
        expect(grade(solution, format, empty).grade).toBe(0);
      }),
      RUNS,
    );
  });

  it('grades any text equal to itself 10 when it has elements, in any format', () => {
    const text = fc
      .array(
        fc.constantFrom(
          'class ',
          'Member',
          'Room',
          ' : ',
          'String name',
          ' --> ',
          '"1"',
          '- ',
          'key: ',
          'value',
          '\n',
          '. ',
          'The hall seats 60',
          '{',
          '}',
          '<p>',
          '</p>',
          '# ',
          '9 pm',
          'two days',
        ),
        { maxLength: 30 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.constantFrom(...solutionFormats), (solution, format) => {
        const result = grade(solution, format, solution);
        expect(result.grade).toBe(result.figures.total === 0 ? 0 : 10);
      }),
      RUNS,
    );
  });

  it('changes nothing when a diagram’s lines are shuffled and its whitespace changed', () => {
    fc.assert(
      fc.property(
        classDiagram,
        classDiagram.chain((lines) => fc.shuffledSubarray(lines)),
        fc.constantFrom(...FRESH).map((name) => `class ${name}`),
        (solution, part, extra) => {
          const handIn = [...part, extra];
          const solutionText = `classDiagram\n${solution.join('\n')}`;
          const base = verdict(grade(solutionText, 'mermaid', `classDiagram\n${handIn.join('\n')}`));
          fc.assert(
            fc.property(relaidLines(handIn), (relaid) => {
              expect(verdict(grade(solutionText, 'mermaid', `classDiagram\n${relaid}`))).toEqual(base);
            }),
            { numRuns: 5 },
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('changes nothing when prose lines are shuffled and spaced anew', () => {
    fc.assert(
      fc.property(
        sentences,
        sentences,
        fc.constantFrom('text', 'markdown' as const),
        (solution, handIn, format) => {
          const base = verdict(grade(solution.join('\n'), format, handIn.join('\n')));
          fc.assert(
            fc.property(relaidLines(handIn), (relaid) => {
              expect(verdict(grade(solution.join('\n'), format, relaid))).toEqual(base);
            }),
            { numRuns: 5 },
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('changes nothing when a document’s keys and list items are reordered and indented anew', () => {
    fc.assert(
      fc.property(
        documentValue,
        documentValue,
        fc.constantFrom('yaml', 'json' as const),
        (solution, handIn, format) => {
          const solutionText = stringify(solution);
          const base = verdict(
            grade(solutionText, 'yaml', format === 'yaml' ? stringify(handIn) : JSON.stringify(handIn)),
            false,
          );
          fc.assert(
            fc.property(layoutOf(handIn, format), (relaid) => {
              expect(verdict(grade(solutionText, 'yaml', relaid), false)).toEqual(base);
            }),
            { numRuns: 5 },
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('loses a renamed attribute or class, and the grade with it', () => {
    const withAttribute = classDiagram.filter((lines) => lines.some((line) => / : String /.test(line)));
    fc.assert(
      fc.property(withAttribute, fc.nat(), fc.constantFrom(...FRESH), (lines, pick, fresh) => {
        const solution = `classDiagram\n${lines.join('\n')}`;
        const attributeLines = lines.filter((line) => / : String /.test(line));
        const line = attributeLines[pick % attributeLines.length]!;
        const [owner, name] = line.split(/ : String /) as [string, string];
        const renamed = lines.map((l) => (l === line ? `${owner} : String ${fresh.toLowerCase()}` : l));
        const result = grade(solution, 'mermaid', `classDiagram\n${renamed.join('\n')}`);
        const element = result.elements.find((e) => e.label === `${owner}.${name}`)!;
        expect(element.status).toBe('missing');
        expect(result.grade).toBeLessThan(10);

        const classRenamed = lines.map((l) => l.replace(new RegExp(`\\b${owner}\\b`, 'g'), fresh));
        const lost = grade(solution, 'mermaid', `classDiagram\n${classRenamed.join('\n')}`);
        expect(lost.elements.find((e) => e.label === owner)!.status).toBe('missing');
        expect(lost.grade).toBeLessThan(10);
      }),
      RUNS,
    );
  });

  it('loses a sentence whose words are all renamed', () => {
    // Sentences that share no word: none says another's content.
    const distinct = fc
      .tuple(shuffled(NOUNS), shuffled(VERBS), shuffled(ADJECTIVES), fc.integer({ min: 1, max: 4 }))
      .map(([nouns, verbs, adjectives, count]) =>
        Array.from(
          { length: count },
          (_, i) => `The ${nouns[2 * i]} ${verbs[i]} the ${adjectives[i]} ${nouns[2 * i + 1]}.`,
        ),
      );
    fc.assert(
      fc.property(distinct, fc.nat(), (lines, pick) => {
        const solution = lines.join('\n');
        const index = pick % lines.length;
        const renamed = lines.map((line, at) =>
          at === index ? `The ${FRESH[0]} ${FRESH[1]} the ${FRESH[2]} ${FRESH[3]}.` : line,
        );
        const result = grade(solution, 'text', renamed.join('\n'));
        const element = result.elements.find((e) => e.label === lines[index])!;
        expect(element.status).toBe('missing');
        expect(result.grade).toBeLessThan(10);
      }),
      RUNS,
    );
  });

  it('lowers the grade for an extra element not in the solution, never below 0', () => {
    const cases = fc.oneof(
      fc
        .tuple(
          classDiagram,
          classDiagram.chain((lines) => fc.subarray(lines)),
        )
        .map(
          ([solution, handIn]) =>
            [
              'mermaid',
              `classDiagram\n${solution.join('\n')}`,
              `classDiagram\n${handIn.join('\n')}`,
              (fresh: string) => `\nclass ${fresh}`,
            ] as const,
        ),
      fc
        .tuple(sentences, sentences)
        .map(
          ([solution, handIn]) =>
            [
              'text',
              solution.join('\n'),
              handIn.join('\n'),
              (fresh: string) => `\nThe ${fresh} ${fresh}s quietly.`,
            ] as const,
        ),
    );
    fc.assert(
      fc.property(cases, fc.constantFrom(...FRESH), ([format, solution, handIn, extra], fresh) => {
        const before = grade(solution, format, handIn);
        const after = grade(solution, format, handIn + extra(fresh));
        expect(after.figures.extra).toBe(before.figures.extra + 1);
        expect(after.elements.map((e) => e.status)).toEqual(before.elements.map((e) => e.status));
        expect(after.penalty).toBeGreaterThan(before.penalty);
        expect(after.grade).toBeLessThanOrEqual(before.grade);
        if (before.recall - before.penalty > 0) {
          expect(after.recall - after.penalty).toBeLessThan(before.recall - before.penalty);
        }
        expect(after.grade).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('grades any text in any format without throwing, within 0 to 10', () => {
    const anyText = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 100 }));
    fc.assert(
      fc.property(classDiagram, anyText, fc.constantFrom(...solutionFormats), (lines, handIn, format) => {
        const result = grade(`classDiagram\n${lines.join('\n')}`, format, handIn);
        expect(handInGradeSchema.parse(result)).toEqual(result);
        expect(result.grade).toBeGreaterThanOrEqual(0);
        expect(result.grade).toBeLessThanOrEqual(10);
      }),
      RUNS,
    );
  });
});
