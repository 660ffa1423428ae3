import { serverLexicon } from '@server/lexicon';
import { sessionExport } from '@shared/class-export';
import type { ClassReportInput, ClassStudentInput } from '@shared/evaluation/class-inputs';
import { conversationMeasurer } from '@shared/evaluation/class-inputs';
import { buildClassReport, studentReport } from '@shared/evaluation/class-report';
import { evaluateOffline } from '@shared/evaluation/report';
import type { Lexicon } from '@shared/lexicon';
import { describe, expect, it } from 'vitest';
import {
  BOOKINGS_TALK,
  classInput,
  FULL_HAND_IN,
  ROOM_HAND_IN,
  ROOMS_TALK,
  student,
  talk,
} from './class-report-fixtures';

/**
 * A report built live (each conversation measured as the report is built, each solution read once
 * for all of them) is the report built after the session from the reports stored at hand-in
 * (`evaluateOffline` of each conversation on its own).
 */

/** A second solution, in another format, for c2: each student is measured against their own. */
const TEXT_SOLUTION = 'A guest makes a booking.\nA booking has a start date.\nA room has a capacity.';

const SESSION = {
  id: 's1',
  name: 'Monday class',
  activity: 'Hotel bookings',
  createdAt: '2026-11-26T09:00:00.000Z',
  closedAt: null,
  identity: 'name' as const,
};

function classOf(lexicon?: Lexicon): ClassReportInput {
  const students = [
    student('a', 'c1', { messages: ROOMS_TALK, handIn: ROOM_HAND_IN }),
    student('b', 'c2', { messages: BOOKINGS_TALK, handIn: FULL_HAND_IN }),
    student('c', 'c1', { messages: BOOKINGS_TALK }),
    student('d', 'c2', { messages: ROOMS_TALK }),
    student('e', 'c1'),
    student('f', 'c2', {
      messages: talk('Who books?', 'Yes, a guest makes a booking, and each booking has a start date.'),
    }),
  ];
  const input = classInput(students);
  return {
    ...input,
    solutions: { ...input.solutions, c2: { text: TEXT_SOLUTION, format: 'text' } },
    ...(lexicon && { lexicon }),
  };
}

/** The same class with each conversation's report stored, as the hand-in stores it. */
function stored(live: ClassReportInput): ClassReportInput {
  const students = live.students.map((one): ClassStudentInput => {
    const solution = live.solutions[one.leia.configId]!;
    const messages = one.messages.map(({ text, isLeia }) => ({ text, isLeia }));
    const elicitation = evaluateOffline(
      { solution: solution.text, solutionFormat: solution.format, messages },
      live.lexicon,
    );
    return { ...one, elicitation };
  });
  return { ...live, students };
}

describe('a class report built live', () => {
  for (const [name, lexicon] of [
    ['no lexicon', undefined],
    ['with WordNet (the server)', serverLexicon()],
  ] as const) {
    it(`is the report built from the stored reports, with its exports (${name})`, () => {
      const live = classOf(lexicon);
      const final = stored(live);
      const report = buildClassReport(live);
      expect(report).toEqual(buildClassReport(final));
      expect(sessionExport(SESSION, live)).toEqual(sessionExport(SESSION, final));
      // Measured at all: the two solutions' grids both have elements someone was told.
      expect(report.grids).toHaveLength(2);
      for (const grid of report.grids) expect(grid.elements.some((row) => row.elicitedBy > 0)).toBe(true);
      for (const [index, one] of live.students.entries()) {
        const solution = live.solutions[one.leia.configId];
        const options = { showSolution: true, ...(lexicon && { lexicon }) };
        expect(studentReport(one, solution, options)).toEqual(
          studentReport(final.students[index]!, solution, options),
        );
      }
    });
  }

  it('measures a conversation as evaluateOffline does, whichever solution came first', () => {
    const measure = conversationMeasurer();
    for (const [solution, solutionFormat] of [
      [TEXT_SOLUTION, 'text'],
      [classInput([]).solutions.c1!.text, 'mermaid'],
      [TEXT_SOLUTION, 'text'],
    ] as const) {
      for (const messages of [ROOMS_TALK, BOOKINGS_TALK, []]) {
        const input = { solution, solutionFormat, messages };
        expect(measure(input)).toEqual(evaluateOffline(input));
      }
    }
  });
});
