import { classSessions } from '@server/db/schema';
import { serverLexicon } from '@server/lexicon';
import { toSummary } from '@server/services/class-views';
import { CLASS_TEXTS, isJoinCode } from '@shared/class-sessions';
import { evaluateOffline } from '@shared/evaluation/report';
import {
  CLASS_EVENTS,
  type ClassSessionDetail,
  type ClassSessionSummary,
  type StudentConversation,
  type StudentView,
} from '@shared/schemas/class-sessions';
import { eq, sql } from 'drizzle-orm';
import { asStudent, join, publishedActivity, startSession } from './class-helpers';
import { createTestApp, type TestApp } from './helpers';

/**
 * Class sessions (docs/architecture.md "Class sessions"): the instructor's routes and the
 * students', on the real server and database. One server serves every test: each starts sessions
 * of its own.
 */

let t: TestApp;
let activityId: string;
beforeAll(async () => {
  t = await createTestApp();
  activityId = (await publishedActivity(t, { count: 3 })).activity.id;
});
afterAll(() => t.close());

const instructor = (method: 'GET' | 'POST', url: string, payload?: object, token = t.admin.token) =>
  t.request({ method, url: `/api/v1${url}`, token, ...(payload && { payload }) });

/**
 * Moves a session's deadline into the past, as time passing would. The server only ever moves a
 * deadline later, and says so on the class bus (what it keeps of a session follows the bus): this
 * shortcut says it too.
 */
async function expire(sessionId: string) {
  const [row] = await t.app.ctx.db
    .update(classSessions)
    .set({ endsAt: sql`now() - interval '1 second'` })
    .where(eq(classSessions.id, sessionId))
    .returning();
  t.app.ctx.classBus.publish(sessionId, {
    event: CLASS_EVENTS.session,
    data: toSummary(row!, { students: 0, handedIn: 0 }),
  });
}

describe('starting and listing sessions', () => {
  it('starts a session with a join code, a join link and the settings asked for', async () => {
    const session = await startSession(t, activityId, { durationMinutes: 30, showSolution: true });
    expect(isJoinCode(session.code)).toBe(true);
    expect(session.joinPath).toBe(`/join/${session.code}`);
    expect(session).toMatchObject({
      status: 'open',
      settings: { allowRejoin: false, showReport: true, showSolution: true, identity: 'name' },
      counts: { students: 0, handedIn: 0 },
      students: [],
    });
    expect(session.leias).toHaveLength(3);
    const minutes = (Date.parse(session.endsAt!) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    const list = await instructor('GET', `/experiments/${activityId}/class-sessions`);
    expect(list.statusCode).toBe(200);
    expect(list.json<ClassSessionSummary[]>().map((s) => s.id)).toContain(session.id);
  });

  it('is for whoever manages the activity: 403 for other roles, 404 for another admin, 401 without a token', async () => {
    const session = await startSession(t, activityId);
    const other = await t.createUser('admin');
    const advanced = await t.createUser('advanced');
    const calls: Array<['GET' | 'POST', string, object?]> = [
      ['GET', `/experiments/${activityId}/class-sessions`],
      ['POST', `/experiments/${activityId}/class-sessions`, { name: 'x' }],
      ['GET', `/class-sessions/${session.id}`],
      ['GET', `/class-sessions/${session.id}/events`],
      ['GET', `/class-sessions/${session.id}/students/${crypto.randomUUID()}`],
      ['POST', `/class-sessions/${session.id}/extend`, { minutes: 5 }],
      ['POST', `/class-sessions/${session.id}/close`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await instructor(method, url, payload, advanced.token)).statusCode, url).toBe(403);
      expect((await instructor(method, url, payload, other.token)).statusCode, url).toBe(404);
      expect((await t.request({ method, url: `/api/v1${url}`, payload })).statusCode, url).toBe(401);
    }
  });

  it('needs a published activity with a LEIA, and a name', async () => {
    const draft = await instructor('POST', '/experiments', { name: `Draft ${crypto.randomUUID()}` });
    const refused = await instructor(
      'POST',
      `/experiments/${draft.json<{ id: string }>().id}/class-sessions`,
      {
        name: 'Monday',
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLASS_TEXTS.notPublished);
    const blank = await instructor('POST', `/experiments/${activityId}/class-sessions`, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().validationErrors).toEqual({ name: CLASS_TEXTS.nameRequired });
    const long = await instructor('POST', `/experiments/${activityId}/class-sessions`, {
      name: 'Monday',
      durationMinutes: 0,
    });
    expect(long.statusCode).toBe(400);
  });
});

describe('joining', () => {
  it('joins by code in any case and with separators, with an httpOnly cookie scoped to the student API', async () => {
    const session = await startSession(t, activityId);
    const typed = `${session.code.slice(0, 3).toLowerCase()}-${session.code.slice(3)}`;
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/student/join',
      payload: { code: typed, displayName: '  Ada  ' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^leia_student=[\w-]+; Path=\/api\/v1\/student; HttpOnly; SameSite=Strict/);
    const body = response.json();
    expect(body.student).toMatchObject({
      displayName: 'Ada',
      state: 'active',
      mode: 'standard',
      handedIn: false,
    });
    // The problem's description with its placeholder filled in.
    expect(body.student.instructions).toBe('The bakery needs an ordering system for Alice');
    expect(body.resumePath).toBe(`/resume#${body.resumeToken}`);
  });

  it('tells what the join form must ask for, and refuses unknown and malformed codes', async () => {
    const session = await startSession(t, activityId, { identity: 'email' });
    const info = await asStudent(t, undefined, 'GET', `/join/${session.code.toLowerCase()}`);
    expect(info.json()).toEqual({ code: session.code, sessionName: session.name, identity: 'email' });
    const unknown = await t.request({
      method: 'POST',
      url: '/api/v1/student/join',
      payload: { code: '222222', displayName: 'x' },
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, CLASS_TEXTS.codeUnknown]);
    const malformed = await t.request({
      method: 'POST',
      url: '/api/v1/student/join',
      payload: { code: 'O0I1L', displayName: 'x' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().validationErrors).toEqual({ code: CLASS_TEXTS.codeInvalid });
    const noEmail = await t.request({
      method: 'POST',
      url: '/api/v1/student/join',
      payload: { code: session.code, displayName: 'x' },
    });
    expect([noEmail.statusCode, noEmail.json().validationErrors]).toEqual([
      400,
      { email: CLASS_TEXTS.emailRequired },
    ]);
  });

  it('never resumes by email: the same email is refused, and after hand-in only when rejoining is allowed', async () => {
    const strict = await startSession(t, activityId, { identity: 'email' });
    const first = await join(t, strict.code, { email: 'ana@school.test' });
    const again = await t.request({
      method: 'POST',
      url: '/api/v1/student/join',
      payload: { code: strict.code, email: 'ANA@school.test' },
    });
    expect([again.statusCode, again.json().message]).toEqual([409, CLASS_TEXTS.emailAlreadyJoined]);
    expect((await asStudent(t, first.cookie, 'POST', '/me/hand-in', { text: 'My work' })).statusCode).toBe(
      200,
    );
    const afterHandIn = await t.request({
      method: 'POST',
      url: '/api/v1/student/join',
      payload: { code: strict.code, email: 'ana@school.test' },
    });
    expect([afterHandIn.statusCode, afterHandIn.json().message]).toEqual([409, CLASS_TEXTS.alreadyHandedIn]);

    const lenient = await startSession(t, activityId, { identity: 'email', allowRejoin: true });
    const one = await join(t, lenient.code, { email: 'bo@school.test' });
    await asStudent(t, one.cookie, 'POST', '/me/hand-in', { text: 'Done' });
    const two = await join(t, lenient.code, { email: 'bo@school.test' });
    expect(two.joined.student.studentId).not.toBe(one.joined.student.studentId);
  });

  it('assigns 200 students joining at once evenly over the LEIAs', async () => {
    const session = await startSession(t, activityId);
    const joins = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.request({
          method: 'POST',
          url: '/api/v1/student/join',
          payload: { code: session.code, displayName: `S${i}` },
        }),
      ),
    );
    expect(joins.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
    const detail = (await instructor('GET', `/class-sessions/${session.id}`)).json<ClassSessionDetail>();
    const perLeia = new Map<string, number>();
    for (const row of detail.students)
      perLeia.set(row.leia.configId, (perLeia.get(row.leia.configId) ?? 0) + 1);
    expect([...perLeia.values()].sort()).toEqual([66, 67, 67]);
    expect(detail.counts).toEqual({ students: 200, handedIn: 0 });
  });
});

describe('a student credential', () => {
  it('reads and writes only its own session; every student route is a 404 without it', async () => {
    const session = await startSession(t, activityId);
    const ada = await join(t, session.code, { displayName: 'Ada' });
    const bo = await join(t, session.code, { displayName: 'Bo' });
    await asStudent(t, ada.cookie, 'PUT', '/me/draft', { text: 'Ada draft' });
    const boView = (await asStudent(t, bo.cookie, 'GET', '/me')).json<StudentView>();
    expect(boView).toMatchObject({ displayName: 'Bo', draft: '' });
    expect((await asStudent(t, ada.cookie, 'GET', '/me')).json<StudentView>().draft).toBe('Ada draft');

    const forged = 'A'.repeat(43);
    for (const cookie of [undefined, forged, 'short']) {
      for (const [method, path, payload] of [
        ['GET', '/me'],
        ['POST', '/me/messages', { message: 'hi' }],
        ['PUT', '/me/draft', { text: 'x' }],
        ['POST', '/me/hand-in', { text: 'x' }],
        ['GET', `/students/${ada.joined.student.studentId}`],
      ] as const) {
        const response = await asStudent(t, cookie, method, path, payload);
        expect(response.statusCode, `${method} ${path}`).toBe(404);
      }
    }
    // A student cookie is no instructor credential.
    const asInstructor = await t.request({
      method: 'GET',
      url: `/api/v1/class-sessions/${session.id}`,
      headers: { cookie: `leia_student=${ada.cookie}` },
    });
    expect(asInstructor.statusCode).toBe(401);
  });

  it('moves to another device with the resume link, which the first device then loses', async () => {
    const session = await startSession(t, activityId);
    const ada = await join(t, session.code);
    await asStudent(t, ada.cookie, 'PUT', '/me/draft', { text: 'kept' });
    const resumed = await t.request({
      method: 'POST',
      url: '/api/v1/student/resume',
      payload: { token: ada.joined.resumeToken },
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<StudentView>()).toMatchObject({
      studentId: ada.joined.student.studentId,
      draft: 'kept',
    });
    const newCookie = String(resumed.headers['set-cookie']).split(';')[0]!.split('=')[1]!;
    expect((await asStudent(t, newCookie, 'GET', '/me')).statusCode).toBe(200);
    expect((await asStudent(t, ada.cookie, 'GET', '/me')).statusCode).toBe(404);
    const wrong = await t.request({
      method: 'POST',
      url: '/api/v1/student/resume',
      payload: { token: 'nope' },
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([404, CLASS_TEXTS.resumeInvalid]);
  });
});

describe('chatting and handing in', () => {
  it('answers a message, counts it in the live view and measures the share elicited', async () => {
    const session = await startSession(t, activityId);
    const ada = await join(t, session.code);
    const sent = await asStudent(t, ada.cookie, 'POST', '/me/messages', {
      message: 'What does the bakery need?',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toEqual(expect.any(String));
    const view = (await asStudent(t, ada.cookie, 'GET', '/me')).json<StudentView>();
    expect(view.conversation.map((m) => m.isLeia)).toEqual([false, true]);

    const url = `/class-sessions/${session.id}/students/${ada.joined.student.studentId}`;
    await vi.waitFor(async () => {
      const row = (await instructor('GET', url)).json<StudentConversation>();
      expect(row.student.messages).toBe(1);
      expect(row.student.elicited).toEqual(expect.any(Number));
      expect(row.conversation).toHaveLength(2);
    });
  });

  it('measures each turn as the whole conversation would be measured', async () => {
    const facts = ['Customers order cakes online.', 'Orders are picked up on a chosen date.'];
    const problem = {
      details: facts.join(' '),
      solution: facts.map((fact) => `- ${fact}`).join('\n'),
      solutionFormat: 'markdown',
    };
    const { activity } = await publishedActivity(t, { problem });
    const session = await startSession(t, activity.id);
    const ada = await join(t, session.code);
    for (const message of ['How do customers order cakes?', 'When are orders picked up?', 'Anything else?']) {
      expect((await asStudent(t, ada.cookie, 'POST', '/me/messages', { message })).statusCode).toBe(200);
    }
    const url = `/class-sessions/${session.id}/students/${ada.joined.student.studentId}`;
    await vi.waitFor(async () => {
      expect((await instructor('GET', url)).json<StudentConversation>().student.messages).toBe(3);
    });
    const { student, conversation } = (await instructor('GET', url)).json<StudentConversation>();
    const whole = evaluateOffline(
      { solution: problem.solution, solutionFormat: 'markdown', messages: conversation },
      serverLexicon(),
    );
    expect(whole.coverage.ratio).toBeGreaterThan(0);
    expect(student.elicited).toBeCloseTo(whole.coverage.ratio, 3);
  });

  it('keeps the draft, hands it in once, and closes the conversation', async () => {
    const session = await startSession(t, activityId);
    const ada = await join(t, session.code);
    expect((await asStudent(t, ada.cookie, 'POST', '/me/hand-in', {})).json().message).toBe(
      CLASS_TEXTS.handInEmpty,
    );
    const saved = await asStudent(t, ada.cookie, 'PUT', '/me/draft', { text: 'graph TD; A-->B' });
    expect(saved.statusCode).toBe(200);
    const handedIn = await asStudent(t, ada.cookie, 'POST', '/me/hand-in', {});
    expect(handedIn.statusCode, handedIn.body).toBe(200);
    const after = handedIn.json<StudentView>().afterHandIn!;
    expect(after).toMatchObject({ handIn: 'graph TD; A-->B', auto: false });
    expect(after.report?.grade).toEqual(expect.any(Number));
    expect(after.solution).toBeUndefined();
    const twice = await asStudent(t, ada.cookie, 'POST', '/me/hand-in', { text: 'again' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, CLASS_TEXTS.alreadyHandedIn]);
    const message = await asStudent(t, ada.cookie, 'POST', '/me/messages', { message: 'more?' });
    expect([message.statusCode, message.json().message]).toEqual([409, CLASS_TEXTS.handedInNoMessages]);
    const detail = (await instructor('GET', `/class-sessions/${session.id}`)).json<ClassSessionDetail>();
    expect(detail.counts).toEqual({ students: 1, handedIn: 1 });
  });

  it('shows a transcription LEIA as its transcript, and refuses messages to it', async () => {
    const { activity } = await publishedActivity(t, { transcription: true });
    const session = await startSession(t, activity.id);
    const ada = await join(t, session.code);
    expect(ada.joined.student).toMatchObject({
      mode: 'transcription',
      transcript: { link: 'https://example.org/transcript' },
      conversation: [],
    });
    const message = await asStudent(t, ada.cookie, 'POST', '/me/messages', { message: 'hi' });
    expect([message.statusCode, message.json().message]).toEqual([409, CLASS_TEXTS.transcriptionMode]);
  });
});

describe("an instructor's account deleted", () => {
  it("passes their sessions and their students' chats to the admin who deletes it", async () => {
    const other = await t.createUser('admin');
    const { activity } = await publishedActivity(t, { token: other.token });
    const session = await startSession(t, activity.id, {}, other.token);
    const ada = await join(t, session.code);
    await asStudent(t, ada.cookie, 'POST', '/me/messages', { message: 'Hello?' });
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/${other.id}`,
      token: t.admin.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const url = `/class-sessions/${session.id}/students/${ada.joined.student.studentId}`;
    const row = (await instructor('GET', url)).json<StudentConversation>();
    expect(row.conversation).toHaveLength(2);
    const again = await asStudent(t, ada.cookie, 'POST', '/me/messages', { message: 'Still there?' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await asStudent(t, ada.cookie, 'GET', '/me')).json<StudentView>().conversation).toHaveLength(4);
  });
});

describe('the deadline and closing', () => {
  it('refuses messages and hand-ins after the deadline and hands the draft in as it was', async () => {
    const session = await startSession(t, activityId, { durationMinutes: 10 });
    const ada = await join(t, session.code);
    await asStudent(t, ada.cookie, 'PUT', '/me/draft', { text: 'half done' });
    await expire(session.id);
    const message = await asStudent(t, ada.cookie, 'POST', '/me/messages', { message: 'hello?' });
    expect([message.statusCode, message.json().message]).toEqual([409, CLASS_TEXTS.ended]);
    const view = (await asStudent(t, ada.cookie, 'GET', '/me')).json<StudentView>();
    expect(view).toMatchObject({
      state: 'ended',
      handedIn: true,
      afterHandIn: { handIn: 'half done', auto: true },
    });
    const late = await t.request({
      method: 'POST',
      url: '/api/v1/student/join',
      payload: { code: session.code, displayName: 'Late' },
    });
    expect([late.statusCode, late.json().message]).toEqual([409, CLASS_TEXTS.ended]);
  });

  it('hands in the drafts of students who never come back, by the sweep', async () => {
    const session = await startSession(t, activityId, { durationMinutes: 10 });
    const ada = await join(t, session.code);
    await asStudent(t, ada.cookie, 'PUT', '/me/draft', { text: 'left as it was' });
    await expire(session.id);
    await t.app.ctx.services.classSessions.sweep();
    const row = (
      await instructor('GET', `/class-sessions/${session.id}/students/${ada.joined.student.studentId}`)
    ).json<StudentConversation>();
    expect(row).toMatchObject({ handIn: 'left as it was', student: { handedIn: true, autoHandedIn: true } });
    const summary = (await instructor('GET', `/class-sessions/${session.id}`)).json<ClassSessionDetail>();
    expect(summary.status).toBe('closed');
  });

  it('extends the deadline by the minutes asked for', async () => {
    const session = await startSession(t, activityId, { durationMinutes: 10 });
    const extended = await instructor('POST', `/class-sessions/${session.id}/extend`, { minutes: 5 });
    expect(extended.statusCode).toBe(200);
    expect(Date.parse(extended.json<ClassSessionSummary>().endsAt!) - Date.parse(session.endsAt!)).toBe(
      5 * 60_000,
    );
    const bad = await instructor('POST', `/class-sessions/${session.id}/extend`, { minutes: 0 });
    expect([bad.statusCode, bad.json().validationErrors]).toEqual([400, { minutes: CLASS_TEXTS.extension }]);
    const unlimited = await startSession(t, activityId);
    const none = await instructor('POST', `/class-sessions/${unlimited.id}/extend`, { minutes: 5 });
    expect([none.statusCode, none.json().message]).toEqual([409, CLASS_TEXTS.noDeadline]);
  });

  it('a closed session refuses joins, messages and extensions', async () => {
    const session = await startSession(t, activityId, { durationMinutes: 10 });
    const ada = await join(t, session.code);
    const closed = await instructor('POST', `/class-sessions/${session.id}/close`);
    expect(closed.json<ClassSessionSummary>()).toMatchObject({
      status: 'closed',
      closedAt: expect.any(String),
    });
    const late = await t.request({
      method: 'POST',
      url: '/api/v1/student/join',
      payload: { code: session.code, displayName: 'Late' },
    });
    expect([late.statusCode, late.json().message]).toEqual([409, CLASS_TEXTS.sessionClosed]);
    const message = await asStudent(t, ada.cookie, 'POST', '/me/messages', { message: 'hello?' });
    expect([message.statusCode, message.json().message]).toEqual([409, CLASS_TEXTS.ended]);
    const extend = await instructor('POST', `/class-sessions/${session.id}/extend`, { minutes: 5 });
    expect([extend.statusCode, extend.json().message]).toEqual([409, CLASS_TEXTS.alreadyClosed]);
    expect((await instructor('POST', `/class-sessions/${session.id}/close`)).statusCode).toBe(409);
  });
});
