import { serverLexicon } from '@server/lexicon';
import type { ConversationMessage } from '@shared/evaluation/conversation';
import { readSolution } from '@shared/evaluation/elements';
import { growingMeasurer } from '@shared/evaluation/growing-measure';
import { type EvaluationInput, evaluateOffline } from '@shared/evaluation/report';
import type { SolutionFormat } from '@shared/schemas/resources';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * A conversation measured as it grows (only its new turns measured, on from the figures kept for
 * the earlier ones) gives the report `evaluateOffline` gives of the whole conversation, however it
 * grew: a message or many at a time, replies with no question, questions with no reply yet, a
 * regenerated last reply, another solution in between.
 */

const MERMAID = `classDiagram
  class Member {
    +String cardNumber
    +Date joinedOn
  }
  class Loan {
    +Date dueDate
    +int renewals
  }
  class Fine {
    +int amount
  }
  Member "1" --> "0..*" Loan : borrows
  Loan "1" --> "0..1" Fine : incurs`;
const TEXT = `A member may borrow at most sixty books.
A loan lasts two weeks and may be renewed twice.
A fine is charged after 48 hours overdue.
The library closes at 9 pm.`;
const SOLUTIONS: [string, SolutionFormat][] = [
  [MERMAID, 'mermaid'],
  [TEXT, 'text'],
];

/** What a reply or a question may say: the elements, the solution's own lines, refusals, agreement. */
const FRAGMENTS = [
  ...SOLUTIONS.flatMap(([text, format]) =>
    readSolution(text, format).elements.map((element) => element.text),
  ),
  ...MERMAID.split('\n').slice(1, 5),
  ...TEXT.split('\n'),
  'Yes, exactly.',
  'No, it stays open until the fine is paid.',
  "I'm not sure I can say.",
  'Could you tell me more about loans?',
  'You said a member borrows books?',
  'To summarise, a member borrows loans and pays fines, is that right?',
  'It is forty eight hours, or two days.',
  'Each Member has a cardNumber and a joinedOn date.',
  'Ναι, ΟΔΟΣ και Σ.',
  'Gestión de préstamos: ¿cuántos días?',
];

const message = fc.record({
  isLeia: fc.boolean(),
  parts: fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 12 })), {
    minLength: 1,
    maxLength: 4,
  }),
});
const conversation = fc
  .array(message, { maxLength: 16 })
  .map((drawn) => drawn.map(({ isLeia, parts }): ConversationMessage => ({ isLeia, text: parts.join(' ') })));
/** Where the conversation was when the report was loaded before (as fractions of its length). */
const loads = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 });

const inputOf = (solution: number, messages: readonly ConversationMessage[]): EvaluationInput => {
  const [text, format] = SOLUTIONS[solution]!;
  return { solution: text, solutionFormat: format, messages };
};

describe('a conversation measured as it grows', () => {
  for (const [name, lexicon, runs] of [
    ['no lexicon', undefined, 150],
    ['with WordNet (the server)', serverLexicon(), 40],
  ] as const) {
    it(`is the whole conversation measured at once (${name})`, () => {
      fc.assert(
        fc.property(conversation, loads, fc.integer({ min: 0, max: 1 }), (messages, at, solution) => {
          const measure = growingMeasurer(lexicon);
          const lengths = [...at.map((share) => Math.floor(share * messages.length)), messages.length];
          for (const length of lengths.sort((a, b) => a - b)) {
            const input = inputOf(solution, messages.slice(0, length));
            expect(measure('s', input)).toEqual(evaluateOffline(input, lexicon));
          }
        }),
        { numRuns: runs },
      );
    });
  }

  it('measures again a conversation that changed or moved to another solution', () => {
    fc.assert(
      fc.property(conversation, fc.string({ maxLength: 30 }), (messages, regenerated) => {
        fc.pre(messages.length > 0);
        const measure = growingMeasurer();
        const changed = [...messages.slice(0, -1), { ...messages.at(-1)!, text: `${regenerated}!` }];
        for (const [solution, version] of [
          [0, messages],
          [0, changed],
          [1, changed],
          [0, [...changed, ...messages]],
        ] as const) {
          const input = inputOf(solution, version);
          expect(measure('s', input)).toEqual(evaluateOffline(input));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('keeps each student apart', () => {
    const measure = growingMeasurer();
    const one = [
      { isLeia: false, text: 'What is a loan?' },
      { isLeia: true, text: 'A loan lasts two weeks and may be renewed twice.' },
    ];
    const other = [
      { isLeia: false, text: 'When do you close?' },
      { isLeia: true, text: 'The library closes at 9 pm.' },
    ];
    for (const [id, messages] of [
      ['a', one],
      ['b', other],
      ['a', [...one, ...other]],
      ['b', other],
    ] as const) {
      const input = inputOf(1, messages);
      expect(measure(id, input)).toEqual(evaluateOffline(input));
    }
    // Measured at all: both students were told something.
    expect(measure('a', inputOf(1, one)).coverage.revealed).toBeGreaterThan(0);
  });
});
