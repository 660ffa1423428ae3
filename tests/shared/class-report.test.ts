import { messagesCsv, numberedMessages, sessionExport, studentsCsv } from '@shared/class-export';
import { buildClassReport, studentReport } from '@shared/evaluation/class-report';
import { applyOverride } from '@shared/evaluation/grading-override';
import { classReportSchema, sessionExportSchema, studentReportSchema } from '@shared/schemas/class-report';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  BOOKINGS_TALK,
  classInput,
  FULL_HAND_IN,
  ROOM_HAND_IN,
  ROOMS_TALK,
  SOLUTION,
  student,
  talk,
} from './class-report-fixtures';

const SESSION = {
  id: 's1',
  name: 'Monday class',
  activity: 'Hotel bookings',
  createdAt: '2026-11-26T09:00:00.000Z',
  closedAt: null,
  identity: 'name' as const,
};

const rowsOf = (csv: string): string[][] => parse(csv, { relax_column_count: false });

describe('class report', () => {
  const students = [
    student('a', 'c1', { messages: ROOMS_TALK, handIn: ROOM_HAND_IN }),
    student('b', 'c1', { messages: ROOMS_TALK, handIn: FULL_HAND_IN }),
    student('c', 'c2', { messages: BOOKINGS_TALK }),
  ];
  const report = buildClassReport(classInput(students));

  it('validates against its schema, with a row per student in order', () => {
    expect(classReportSchema.parse(report)).toEqual(report);
    expect(report.rows.map((row) => row.studentId)).toEqual(['a', 'b', 'c']);
    const [a, b, c] = report.rows;
    expect(a).toMatchObject({ turns: 2, elicited: 0.4, grade: 4, gradedBy: 'offline', handedIn: true });
    expect(a!.timeSpentSeconds).toBe(30 * 60);
    expect(b!.grade).toBe(10);
    // Not handed in: time up to the last activity, no grade.
    expect(c).toMatchObject({ grade: null, gradedBy: null, handedIn: false, timeSpentSeconds: 20 * 60 });
  });

  it('puts configurations sharing a solution in one grid and marks what nobody asked about', () => {
    expect(report.grids).toHaveLength(1);
    const grid = report.grids[0]!;
    expect(grid.configIds).toEqual(['c1', 'c2']);
    expect(grid.students).toEqual(['a', 'b', 'c']);
    const byLabel = new Map(grid.elements.map((row) => [row.label, row]));
    // Room was revealed to a and b; Booking.start to c only; nobody got the relationship's "has" fully.
    expect(byLabel.get('Room')).toMatchObject({ elicitedBy: 2, unasked: false, rarelyAsked: false });
    expect(byLabel.get('Room')!.elicited).toEqual(['revealed', 'revealed', 'not']);
    expect(byLabel.get('Booking.start')).toMatchObject({ elicitedBy: 1, unasked: false, rarelyAsked: true });
    // In the hand-in: a has Room only, b everything, c has not handed in.
    expect(byLabel.get('Booking.start')!.handIn).toEqual(['missing', 'present', null]);
    expect(byLabel.get('Room')!.inHandIns).toBe(2);
  });

  it('marks an element unasked when no conversation revealed it even partly', () => {
    const quiet = buildClassReport(
      classInput([
        student('a', 'c1', { messages: ROOMS_TALK }),
        student('b', 'c2', { messages: ROOMS_TALK }),
      ]),
    );
    const grid = quiet.grids[0]!;
    const unasked = grid.elements.filter((row) => row.unasked).map((row) => row.label);
    expect(unasked).toEqual(['Booking', 'Booking.start']);
    for (const row of grid.elements)
      expect(row.unasked).toBe(row.elicited.every((status) => status === 'not'));
  });

  it("compares the variants: students, means and spread, each one's curve", () => {
    const [terse, chatty] = report.variants;
    expect(terse).toMatchObject({ students: 2, handedIn: 2, meanElicited: 0.4, meanGrade: 7 });
    expect(terse!.gradeSpread).toEqual({ sd: 3, min: 4, max: 10 });
    expect(terse!.elicitedSpread).toEqual({ sd: 0, min: 0.4, max: 0.4 });
    expect(terse!.curve).toEqual({ turn: [0, 1, 2], share: [0, 0.4, 0.4] });
    expect(chatty).toMatchObject({ students: 1, handedIn: 0, meanGrade: null, gradeSpread: null });
    expect(chatty!.curve.turn).toEqual([0, 1]);
  });

  it('counts the override as the grade, by the instructor who made it', () => {
    const overridden = student('a', 'c1', { messages: ROOMS_TALK, handIn: ROOM_HAND_IN });
    overridden.grade = applyOverride(
      overridden.grade!,
      { grade: 0, comment: 'Copied' },
      { by: 'teacher@example.org', at: '2026-11-26T11:00:00.000Z' },
    );
    const [row] = buildClassReport(classInput([overridden])).rows;
    expect(row).toMatchObject({ grade: 0, gradedBy: 'instructor', gradedByName: 'teacher@example.org' });
  });

  it('leaves out the grid and the elicitation for a LEIA without a solution', () => {
    const input = { ...classInput([student('a', 'c1', { messages: ROOMS_TALK })]), solutions: {} };
    const bare = buildClassReport(input);
    expect(bare.grids).toEqual([]);
    expect(bare.rows[0]).toMatchObject({ elicited: null, turns: 2 });
    expect(bare.variants[0]).toMatchObject({ meanElicited: null, curve: { turn: [], share: [] } });
  });
});

describe("student's report", () => {
  const one = student('a', 'c1', { messages: ROOMS_TALK, handIn: ROOM_HAND_IN });
  const solution = { text: SOLUTION, format: 'mermaid' as const };

  it('names the missed elements only when the solution may be shown', () => {
    const hidden = studentReport(one, solution, { showSolution: false });
    expect(studentReportSchema.parse(hidden)).toEqual(hidden);
    expect(hidden.grade!.found.map((element) => element.label)).toEqual(['Room', 'Room.capacity']);
    expect(hidden.grade!.missed).toBeNull();
    expect(hidden.grade!.figures.missing).toBe(3);
    expect(JSON.stringify(hidden)).not.toContain('Booking');
    const shown = studentReport(one, solution, { showSolution: true });
    expect(shown.grade!.missed!.map((element) => element.label)).toEqual([
      'Booking',
      'Booking.start',
      'Room "1" --> "0..*" Booking : has',
    ]);
  });

  it('gives the share elicited by turn and the interviewer figures', () => {
    const report = studentReport(one, solution, { showSolution: false });
    expect(report.elicitation).toMatchObject({ revealed: 2, total: 5, share: 0.4 });
    expect(report.elicitation!.byTurn).toEqual({ turn: [0, 1, 2], share: [0, 0.4, 0.4] });
    expect(report.interviewer).toMatchObject({ messages: 2, questions: 2, comments: null });
  });
});

describe('class exports', () => {
  const zero = student('z', 'c1', { messages: ROOMS_TALK, handIn: 'classDiagram\n  class Parking' });
  const hostile = student('h', 'c2', {
    messages: talk('=HYPERLINK("http://evil")', '@SUM(A1)', 'a; -2+3'),
    handIn: '+cmd|calc',
    email: '-x@example.org',
  });
  const input = classInput([zero, hostile]);
  const report = buildClassReport(input);

  it('writes a grade of 0 as 0, and no grade as an empty cell', () => {
    expect(zero.grade!.final).toBe(0);
    const [header, zeroRow] = rowsOf(studentsCsv(report, input.students));
    const grade = header!.indexOf('grade');
    expect(zeroRow![grade]).toBe('0');
    expect(zeroRow![header!.indexOf('graded by')]).toBe('offline comparison');
    expect(zeroRow![header!.indexOf('hand-in')]).toBe('classDiagram\n  class Parking');
    const notYet = buildClassReport(classInput([student('n', 'c1')]));
    expect(rowsOf(studentsCsv(notYet, [student('n', 'c1')]))[1]![grade]).toBe('');
  });

  it('guards every text cell against formulas', () => {
    const messages = rowsOf(messagesCsv({ name: '=Monday' }, input.students));
    expect(messages[0]).toEqual(['session', 'student', 'leia', 'turn', 'speaker', 'text', 'time']);
    const hostileRows = messages.filter((row) => row[1] === "'-x@example.org");
    expect(hostileRows.map((row) => row[5])).toEqual([
      '\'=HYPERLINK("http://evil")',
      "'@SUM(A1)",
      "a; '-2+3",
    ]);
    expect(hostileRows.map((row) => [row[3], row[4]])).toEqual([
      ['1', 'Interviewer'],
      ['1', 'LEIA'],
      ['2', 'Interviewer'],
    ]);
    expect(messages.every((row, index) => index === 0 || row[0] === "'=Monday")).toBe(true);
    const students = rowsOf(studentsCsv(report, input.students));
    expect(students[2]![0]).toBe("'-x@example.org");
    expect(students[2]![9]).toBe("'+cmd|calc");
  });

  it('numbers a question with the turn it asks in, and marks a stopped reply', () => {
    const messages = talk('Hi', 'Hello', 'And?');
    messages[1] = { ...messages[1]!, stopped: true };
    expect(numberedMessages(messages).map((m) => [m.turn, m.speaker, m.text])).toEqual([
      [1, 'interviewer', 'Hi'],
      [1, 'leia', 'Hello (stopped)'],
      [2, 'interviewer', 'And?'],
    ]);
  });

  it('writes the session as JSON that validates against its schema', () => {
    const exported = sessionExport(SESSION, input);
    const parsed = sessionExportSchema.parse(JSON.parse(JSON.stringify(exported)));
    expect(parsed.students.map((one) => one.id)).toEqual(['z', 'h']);
    expect(parsed.students[0]!.grade!.final).toBe(0);
    expect(parsed.students[0]!.elicitation!.coverage.ratio).toBe(0.4);
    expect(parsed.report).toEqual(buildClassReport(input));
  });
});
