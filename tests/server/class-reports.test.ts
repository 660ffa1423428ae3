import { runnerMessages, runnerSessions } from '@server/db/schema';
import { CLASS_TEXTS } from '@shared/class-sessions';
import {
  CLASS_REPORT_PATHS,
  CLASS_REPORT_TEXTS,
  type ClassReport,
  classReportSchema,
  sessionExportSchema,
  studentReportSchema,
} from '@shared/schemas/class-report';
import type { ClassSessionDetail } from '@shared/schemas/class-sessions';
import { GRADING_TEXTS, type HandInGrade } from '@shared/schemas/grading';
import { parse } from 'csv-parse/sync';
import { asStudent, join, publishedActivity, type StudentClient, startSession } from './class-helpers';
import { createTestApp, type TestApp } from './helpers';

/**
 * What a class learned (docs/architecture.md "Class reports"), on the real server and database:
 * three students of different quality hand in (or not); the instructor reads the class report and
 * a student's, exports the session, overrides a grade, and deletes the class's data.
 */

/** Five elements: two classes, an attribute of each, and the relationship. */
const SOLUTION = [
  'classDiagram',
  '  class Room {',
  '    +int capacity',
  '  }',
  '  class Booking {',
  '    +Date start',
  '  }',
  '  Room "1" --> "0..*" Booking : has',
].join('\n');
const NOTHING_RIGHT = 'classDiagram\n  class Parking';

let t: TestApp;
let activityId: string;
beforeAll(async () => {
  t = await createTestApp();
  activityId = (await publishedActivity(t, { count: 2, problem: { solution: SOLUTION } })).activity.id;
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';
const instructor = (method: Method, url: string, payload?: object, token = t.admin.token) =>
  t.request({ method, url, token, ...(payload && { payload }) });

/** A session of three: Ada hands in the solution, Bob something else entirely, Cy nothing. */
async function classOfThree(): Promise<{ session: ClassSessionDetail; students: StudentClient[] }> {
  const session = await startSession(t, activityId);
  const students: StudentClient[] = [];
  for (const [name, work] of [
    ['ada', SOLUTION],
    ['bob', NOTHING_RIGHT],
    ['cy', null],
  ] as const) {
    const student = await join(t, session.code, { displayName: `=${name}` });
    const sent = await asStudent(t, student.cookie, 'POST', '/me/messages', {
      message: 'What happens first?',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    if (work)
      expect((await asStudent(t, student.cookie, 'POST', '/me/hand-in', { text: work })).statusCode).toBe(
        200,
      );
    students.push(student);
  }
  return { session, students };
}

const idOf = (student: StudentClient) => student.joined.student.studentId;

describe('the class report', () => {
  it('has a row per student with their grades, the grid and the variants', async () => {
    const { session, students } = await classOfThree();
    const response = await instructor('GET', CLASS_REPORT_PATHS.report(session.id));
    expect(response.statusCode, response.body).toBe(200);
    const report = classReportSchema.parse(response.json());
    expect(report.rows.map((row) => row.studentId)).toEqual(students.map(idOf));
    expect(report.rows.map((row) => [row.grade, row.gradedBy, row.handedIn, row.turns])).toEqual([
      [10, 'offline', true, 1],
      [0, 'offline', true, 1],
      [null, null, false, 1],
    ]);
    expect(report.rows.map((row) => row.name)).toEqual(['=ada', '=bob', '=cy']);
    expect(report.grids).toHaveLength(1);
    expect(report.grids[0]!.students).toEqual(students.map(idOf));
    for (const row of report.grids[0]!.elements) expect(row.handIn).toEqual(['present', 'missing', null]);
    expect(report.variants).toHaveLength(2);
    expect(report.variants.reduce((sum, variant) => sum + variant.students, 0)).toBe(3);
  });

  it("gives a student's report with the missed elements named, and 404 for a student of another session", async () => {
    const { session, students } = await classOfThree();
    const bob = await instructor('GET', CLASS_REPORT_PATHS.studentReport(session.id, idOf(students[1]!)));
    expect(bob.statusCode, bob.body).toBe(200);
    const report = studentReportSchema.parse(bob.json());
    expect(report.grade).toMatchObject({ final: 0, found: [] });
    expect(report.grade!.missed!.length).toBeGreaterThan(0);
    expect(report.elicitation).not.toBeNull();
    const other = await classOfThree();
    const stranger = await instructor(
      'GET',
      CLASS_REPORT_PATHS.studentReport(session.id, idOf(other.students[0]!)),
    );
    expect([stranger.statusCode, stranger.json().message]).toEqual([404, CLASS_TEXTS.studentNotFound]);
  });
});

describe('the class report while the session is open', () => {
  it('measures each conversation as the hand-in will store it, and again when it grows', async () => {
    const session = await startSession(t, activityId);
    const student = await join(t, session.code);
    const say = async (message: string) =>
      expect((await asStudent(t, student.cookie, 'POST', '/me/messages', { message })).statusCode).toBe(200);
    const read = async () => {
      const report = classReportSchema.parse(
        (await instructor('GET', CLASS_REPORT_PATHS.report(session.id))).json(),
      );
      const own = await instructor('GET', CLASS_REPORT_PATHS.studentReport(session.id, idOf(student)));
      const { elicitation, interviewer } = studentReportSchema.parse(own.json());
      const { rows, grids, variants } = report;
      return {
        rows: rows.map(({ turns, elicited }) => ({ turns, elicited })),
        elicited: grids.map((grid) => grid.elements.map((row) => row.elicited)),
        variants: variants.map(({ meanElicited, curve }) => ({ meanElicited, curve })),
        elicitation,
        interviewer,
      };
    };
    await say('Which rooms are there, and what capacity does a room have?');
    const first = await read();
    expect(first.rows).toEqual([{ turns: 1, elicited: expect.any(Number) }]);
    expect(first.elicitation!.byTurn.turn).toEqual([0, 1]);
    await say('And bookings: when do they start?');
    const live = await read();
    // Measured again once the conversation grew (not the first measure kept).
    expect(live.rows).toEqual([{ turns: 2, elicited: expect.any(Number) }]);
    expect(live.elicitation!.byTurn.turn).toEqual([0, 1, 2]);
    expect(live.interviewer.questions).toBeGreaterThan(first.interviewer.questions);
    const handIn = await asStudent(t, student.cookie, 'POST', '/me/hand-in', { text: SOLUTION });
    expect(handIn.statusCode).toBe(200);
    // The report stored at hand-in (class-live.ts) reads as what the live report measured.
    expect(await read()).toEqual(live);
  });
});

describe("the student's own report", () => {
  /** A class the hand-in misses entirely: its name must reach the student only with the solution. */
  const MARKER = 'Zqxhiddenmarker';
  const own = (cookie?: string) => asStudent(t, cookie, 'GET', '/me/report');

  async function handedIn(settings: { showReport?: boolean; showSolution?: boolean }) {
    const { activity } = await publishedActivity(t, {
      count: 1,
      problem: { solution: `${SOLUTION}\n  class ${MARKER}` },
      behaviour: {
        description: `You are {{persona.fullName}}. Never say ${MARKER}-behaviour nor {{problem.solution}}`,
      },
    });
    const session = await startSession(t, activity.id, settings);
    const student = await join(t, session.code);
    expect((await asStudent(t, student.cookie, 'POST', '/me/messages', { message: 'Hi' })).statusCode).toBe(
      200,
    );
    const before = await own(student.cookie);
    // Before hand-in: not yet (409), unless the session shows no report at all (404).
    const expected =
      settings.showReport === false
        ? [404, CLASS_REPORT_TEXTS.noStudentReport]
        : [409, CLASS_REPORT_TEXTS.notHandedIn];
    expect([before.statusCode, before.json().message]).toEqual(expected);
    const work = 'classDiagram\n  class Room {\n    +int capacity\n  }';
    expect((await asStudent(t, student.cookie, 'POST', '/me/hand-in', { text: work })).statusCode).toBe(200);
    return own(student.cookie);
  }

  it('gives the grade with the elements found, the elicitation and the themes, never the hidden content', async () => {
    const response = await handedIn({});
    expect(response.statusCode, response.body).toBe(200);
    const report = studentReportSchema.parse(response.json());
    expect(report.grade!.found.map((element) => element.label)).toContain('Room');
    expect(report.grade!.missed).toBeNull();
    expect(report.elicitation!.byTurn.turn.length).toBeGreaterThan(0);
    expect(report.interviewer.questions).toBeGreaterThanOrEqual(0);
    expect(response.body).not.toContain(MARKER);
    expect(response.body).not.toContain('Booking');
  });

  it('names the missed elements when the session shows the solution', async () => {
    const response = await handedIn({ showSolution: true });
    expect(response.statusCode, response.body).toBe(200);
    const missed = studentReportSchema.parse(response.json()).grade!.missed!.map((element) => element.label);
    expect(missed).toEqual(expect.arrayContaining([MARKER, 'Booking']));
    expect(response.body).not.toContain(`${MARKER}-behaviour`);
  });

  it('is 404 when the session shows no report, and without a credential', async () => {
    const response = await handedIn({ showReport: false });
    expect([response.statusCode, response.json().message]).toEqual([404, CLASS_REPORT_TEXTS.noStudentReport]);
    const none = await own();
    expect([none.statusCode, none.json().message]).toEqual([404, CLASS_TEXTS.notJoined]);
  });
});

describe('exports', () => {
  it('writes the messages CSV, the students CSV (0 as 0, formula guarded) and a JSON that validates', async () => {
    const { session, students } = await classOfThree();
    const messages = await instructor('GET', CLASS_REPORT_PATHS.export(session.id, 'messages.csv'));
    expect(messages.statusCode).toBe(200);
    expect(messages.headers['content-type']).toContain('text/csv');
    expect(messages.headers['content-disposition']).toMatch(/^attachment; filename=".+-messages\.csv"$/);
    const messageRows = parse(messages.body) as string[][];
    expect(messageRows[0]).toEqual(['session', 'student', 'leia', 'turn', 'speaker', 'text', 'time']);
    expect(messageRows).toHaveLength(1 + 3 * 2);
    expect(messageRows[1]!.slice(1, 6)).toEqual([
      "'=ada",
      expect.any(String),
      '1',
      'Interviewer',
      'What happens first?',
    ]);

    const studentRows = parse(
      (await instructor('GET', CLASS_REPORT_PATHS.export(session.id, 'students.csv'))).body,
    ) as string[][];
    const grade = studentRows[0]!.indexOf('grade');
    expect(studentRows.slice(1).map((row) => row[grade])).toEqual(['10', '0', '']);
    expect(studentRows[2]![studentRows[0]!.indexOf('hand-in')]).toBe(NOTHING_RIGHT);

    const json = await instructor('GET', CLASS_REPORT_PATHS.export(session.id, 'session.json'));
    expect(json.headers['content-type']).toContain('application/json');
    const exported = sessionExportSchema.parse(json.json());
    expect(exported.students.map((one) => one.id)).toEqual(students.map(idOf));
    expect(exported.students[1]!.grade!.final).toBe(0);
    expect(exported.students[0]!.conversation).toHaveLength(2);
    expect(
      (await instructor('GET', `/api/v1/class-sessions/${session.id}/exports/other.txt`)).statusCode,
    ).toBe(400);
  });
});

describe('overriding a grade', () => {
  it('keeps both grades, counts the override in the report, and withdraws it', async () => {
    const { session, students } = await classOfThree();
    const url = CLASS_REPORT_PATHS.grade(session.id, idOf(students[1]!));
    const bad = await instructor('PUT', url, { grade: 11, comment: 'x' });
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      expect.stringContaining(GRADING_TEXTS.gradeRange),
    ]);
    const silent = await instructor('PUT', url, { grade: 5 });
    expect(silent.statusCode).toBe(400);
    expect(silent.body).toContain(GRADING_TEXTS.commentRequired);

    const put = await instructor('PUT', url, { grade: 6.5, comment: 'Right idea, other names' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<HandInGrade>()).toMatchObject({ grade: 0, final: 6.5, counted: 'override' });
    const report = (await instructor('GET', CLASS_REPORT_PATHS.report(session.id))).json<ClassReport>();
    expect(report.rows[1]).toMatchObject({ grade: 6.5, gradedBy: 'instructor', gradedByName: t.admin.email });

    const withdrawn = await instructor('DELETE', url);
    expect(withdrawn.json<HandInGrade>()).toMatchObject({ final: 0, counted: 'computed' });
    const again = await instructor('DELETE', url);
    expect([again.statusCode, again.json().message]).toEqual([409, CLASS_REPORT_TEXTS.noOverride]);
    const cy = await instructor('PUT', CLASS_REPORT_PATHS.grade(session.id, idOf(students[2]!)), {
      grade: 5,
      comment: 'x',
    });
    expect([cy.statusCode, cy.json().message]).toEqual([409, CLASS_REPORT_TEXTS.notGraded]);
  });
});

describe('deleting the class data', () => {
  it('needs a closed session and the number of students, then leaves nothing readable', async () => {
    const { session, students } = await classOfThree();
    const url = CLASS_REPORT_PATHS.data(session.id);
    const open = await instructor('DELETE', `${url}?students=3`);
    expect([open.statusCode, open.json().message]).toEqual([409, CLASS_REPORT_TEXTS.closeFirst]);
    expect((await instructor('POST', `/api/v1/class-sessions/${session.id}/close`)).statusCode).toBe(200);
    const missing = await instructor('DELETE', url);
    expect([missing.statusCode, missing.json().message]).toEqual([
      400,
      expect.stringContaining(CLASS_REPORT_TEXTS.confirmRequired),
    ]);
    const wrong = await instructor('DELETE', `${url}?students=2`);
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, CLASS_REPORT_TEXTS.confirmCount(3)]);
    const { db } = t.app.ctx;
    const chats = (await db.select({ id: runnerSessions.id }).from(runnerSessions)).length;
    const said = (await db.select({ id: runnerMessages.sessionId }).from(runnerMessages)).length;

    const deleted = await instructor('DELETE', `${url}?students=3`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { deleted: 3 }]);

    const report = (await instructor('GET', CLASS_REPORT_PATHS.report(session.id))).json<ClassReport>();
    expect(report.rows).toEqual([]);
    const detail = (
      await instructor('GET', `/api/v1/class-sessions/${session.id}`)
    ).json<ClassSessionDetail>();
    expect([detail.students, detail.counts]).toEqual([[], { students: 0, handedIn: 0 }]);
    for (const student of students) {
      const id = idOf(student);
      expect(
        (await instructor('GET', `/api/v1/class-sessions/${session.id}/students/${id}`)).statusCode,
      ).toBe(404);
      expect((await instructor('GET', CLASS_REPORT_PATHS.studentReport(session.id, id))).statusCode).toBe(
        404,
      );
      expect((await asStudent(t, student.cookie, 'GET', '/me')).statusCode).toBe(404);
    }
    const csv = parse((await instructor('GET', CLASS_REPORT_PATHS.export(session.id, 'messages.csv'))).body);
    expect(csv).toHaveLength(1);
    // The conversations are gone with their messages (the runner's rows, not only the links to them).
    expect((await db.select({ id: runnerSessions.id }).from(runnerSessions)).length).toBe(chats - 3);
    expect((await db.select({ id: runnerMessages.sessionId }).from(runnerMessages)).length).toBe(said - 6);
  });
});

describe('who may read a class report', () => {
  it('is whoever manages the activity: 403 for other roles, 404 for another admin, 401 without a token', async () => {
    const { session, students } = await classOfThree();
    const other = await t.createUser('admin');
    const advanced = await t.createUser('advanced');
    const id = idOf(students[0]!);
    const calls: Array<[Method, string, object?]> = [
      ['GET', CLASS_REPORT_PATHS.report(session.id)],
      ['GET', CLASS_REPORT_PATHS.studentReport(session.id, id)],
      ['GET', CLASS_REPORT_PATHS.export(session.id, 'messages.csv')],
      ['GET', CLASS_REPORT_PATHS.export(session.id, 'students.csv')],
      ['GET', CLASS_REPORT_PATHS.export(session.id, 'session.json')],
      ['PUT', CLASS_REPORT_PATHS.grade(session.id, id), { grade: 1, comment: 'x' }],
      ['DELETE', CLASS_REPORT_PATHS.grade(session.id, id)],
      ['DELETE', `${CLASS_REPORT_PATHS.data(session.id)}?students=3`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await instructor(method, url, payload, advanced.token)).statusCode, url).toBe(403);
      const stranger = await instructor(method, url, payload, other.token);
      expect([stranger.statusCode, stranger.json().message], url).toEqual([404, CLASS_TEXTS.sessionNotFound]);
      expect((await t.request({ method, url, ...(payload && { payload }) })).statusCode, url).toBe(401);
    }
    expect((await instructor('GET', CLASS_REPORT_PATHS.report(crypto.randomUUID()))).statusCode).toBe(404);
    // Nothing was changed by the refused calls.
    const report = (await instructor('GET', CLASS_REPORT_PATHS.report(session.id))).json<ClassReport>();
    expect(report.rows.map((row) => row.grade)).toEqual([10, 0, null]);
  });
});
