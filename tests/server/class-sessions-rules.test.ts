import type { AddressInfo } from 'node:net';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { RATE_LIMIT_TEXTS } from '@shared/rate-limits';
import {
  CLASS_EVENTS,
  type LiveEvent,
  STUDENT_COOKIE,
  STUDENT_EVENTS,
  type StudentView,
} from '@shared/schemas/class-sessions';
import { openLiveView, openStudentEvents } from '../support/class-live';
import { asStudent, join, publishedActivity, startSession } from './class-helpers';
import { createTestApp, type TestApp, testConfig } from './helpers';

/**
 * What a class session never gives away (behaviour, hidden solution), its limits, and its live
 * events, on the real server and database. The limits are small here: joins per address and
 * messages per student.
 */

const BEHAVIOUR_MARKER = 'Zyxwvbehaviourmarker';
const SOLUTION_MARKER = 'Qjxsolutionmarker';
const LIMITS = { classJoins: { max: 40, windowSeconds: 60 }, classMessages: { max: 3, windowSeconds: 60 } };

let t: TestApp;
let baseUrl: string;
let activityId: string;
beforeAll(async () => {
  t = await createTestApp({ limits: { ...testConfig().limits, ...LIMITS } });
  activityId = (
    await publishedActivity(t, {
      count: 2,
      problem: {
        solution: `The café keeps a ${SOLUTION_MARKER} ledger of every order.`,
        solutionFormat: 'text',
      },
      behaviour: { description: `You are {{persona.fullName}}. ${BEHAVIOUR_MARKER}: answer briefly.` },
    })
  ).activity.id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
// fetch (undici) may open a spare connection that never sends a request, even while the server
// closes; closing would wait a minute for its headers timeout, so connections are dropped until done.
afterAll(async () => {
  const dropping = setInterval(() => t.app.server.closeAllConnections(), 50);
  await t.close();
  clearInterval(dropping);
});

describe('hidden content', () => {
  it('no student response carries the behaviour or the hidden solution', async () => {
    const session = await startSession(t, activityId, { showReport: true, showSolution: false });
    const ada = await join(t, session.code);
    const bodies: string[] = [JSON.stringify(ada.joined)];
    const calls = [
      ['GET', `/join/${session.code}`],
      ['GET', '/me'],
      ['POST', '/me/messages', { message: 'Hello, who are you and what do you do?' }],
      ['POST', '/me/messages', { message: 'What do you keep a record of for every order?' }],
      ['PUT', '/me/draft', { text: 'A ledger of orders' }],
      ['POST', '/me/hand-in', {}],
      ['GET', '/me'],
    ] as const;
    for (const [method, path, payload] of calls) {
      const response = await asStudent(t, ada.cookie, method, path, payload);
      expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(300);
      bodies.push(response.body);
    }
    const streamed = await fetch(`${baseUrl}/api/v1/student/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: session.code, displayName: 'Bo' }),
    });
    const cookie = streamed.headers.get('set-cookie')!.split(';')[0]!;
    bodies.push(await streamed.text());
    const reply = await fetch(`${baseUrl}/api/v1/student/me/messages`, {
      method: 'POST',
      headers: { cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Tell me about your job.' }),
    });
    bodies.push(await reply.text());
    bodies.push(await (await fetch(`${baseUrl}/api/v1/student/me`, { headers: { cookie } })).text());
    for (const body of bodies) {
      expect(body.toLowerCase()).not.toContain(BEHAVIOUR_MARKER.toLowerCase());
      expect(body.toLowerCase()).not.toContain(SOLUTION_MARKER.toLowerCase());
    }
    // Ada's view after hand-in: the report's figures, never its elements.
    const after = JSON.parse(bodies[calls.length]!) as StudentView;
    expect(after.afterHandIn?.report?.grade).toEqual(expect.any(Number));
  });

  it('shows the solution after hand-in only when the session shows it', async () => {
    const session = await startSession(t, activityId, { showSolution: true });
    const ada = await join(t, session.code);
    expect(JSON.stringify(ada.joined)).not.toContain(SOLUTION_MARKER);
    const handedIn = await asStudent(t, ada.cookie, 'POST', '/me/hand-in', { text: 'A ledger' });
    expect(handedIn.json<StudentView>().afterHandIn?.solution?.text).toContain(SOLUTION_MARKER);
  });
});

describe('limits', () => {
  it('limits messages per student per minute with a clear 429', async () => {
    const session = await startSession(t, activityId);
    const ada = await join(t, session.code);
    const bo = await join(t, session.code);
    for (let i = 0; i < LIMITS.classMessages.max; i++) {
      const sent = await asStudent(t, ada.cookie, 'POST', '/me/messages', { message: `Question ${i}?` });
      expect(sent.statusCode).toBe(200);
    }
    const refused = await asStudent(t, ada.cookie, 'POST', '/me/messages', { message: 'One more?' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toEqual(expect.any(String));
    expect(refused.json().message).toBe(
      RATE_LIMIT_TEXTS.limited({ ...refused.json().data, limit: 'classMessages' }),
    );
    expect(refused.json().message).toMatch(
      /^Too many messages sent in this class session: at most 3 per minute/,
    );
    // Another student's allowance is their own.
    expect((await asStudent(t, bo.cookie, 'POST', '/me/messages', { message: 'Hi?' })).statusCode).toBe(200);
  });

  it('limits join attempts per client address (code guessing)', async () => {
    const attempts = [];
    for (let i = 0; i < LIMITS.classJoins.max + 1; i++) {
      attempts.push(
        await t.request({
          method: 'POST',
          url: '/api/v1/student/join',
          remoteAddress: '203.0.113.7',
          payload: { code: 'ABCDEF', displayName: 'Guesser' },
        }),
      );
    }
    expect(attempts.slice(0, -1).every((r) => r.statusCode === 404)).toBe(true);
    const refused = attempts.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many attempts to join a class session: at most 40 per minute/,
    );
    // Another address is not held up.
    const other = await t.request({
      method: 'POST',
      url: '/api/v1/student/join',
      remoteAddress: '203.0.113.8',
      payload: { code: 'ABCDEF', displayName: 'Other' },
    });
    expect([other.statusCode, other.json().message]).toEqual([404, CLASS_TEXTS.codeUnknown]);
  });
});

describe('live events', () => {
  it('a live view gets a snapshot, then each join, message, hand-in, extension and close as it happens', async () => {
    const session = await startSession(t, activityId, { durationMinutes: 20 });
    const live = await openLiveView(baseUrl, t.admin.token, session.id);
    try {
      const snapshot = await live.next((e) => e.event === CLASS_EVENTS.snapshot);
      expect(snapshot.data).toMatchObject({ id: session.id, students: [] });
      const ada = await join(t, session.code, { displayName: 'Ada' });
      const id = ada.joined.student.studentId;
      const row =
        (match: (data: Extract<LiveEvent, { event: 'student' }>['data']) => boolean) => (e: LiveEvent) =>
          e.event === CLASS_EVENTS.student && e.data.studentId === id && match(e.data);
      await live.next(row((data) => data.displayName === 'Ada' && data.messages === 0));
      await asStudent(t, ada.cookie, 'POST', '/me/messages', { message: 'What is your job?' });
      await live.next(row((data) => data.messages === 1 && data.elicited !== null));
      await asStudent(t, ada.cookie, 'POST', '/me/hand-in', { text: 'A ledger' });
      await live.next(row((data) => data.handedIn));
      await live.next((e) => e.event === CLASS_EVENTS.session && e.data.counts.handedIn === 1);
      await t.request({
        method: 'POST',
        url: `/api/v1/class-sessions/${session.id}/extend`,
        token: t.admin.token,
        payload: { minutes: 10 },
      });
      await live.next((e) => e.event === CLASS_EVENTS.session && e.data.endsAt !== session.endsAt);
      await t.request({
        method: 'POST',
        url: `/api/v1/class-sessions/${session.id}/close`,
        token: t.admin.token,
      });
      await live.next((e) => e.event === CLASS_EVENTS.session && e.data.status === 'closed');
      // Without ?student, messages themselves are not sent.
      expect(live.events.some(({ event }) => event.event === CLASS_EVENTS.message)).toBe(false);
    } finally {
      live.close();
    }
  });

  it("a student's live conversation gets their messages and no one else's", async () => {
    const session = await startSession(t, activityId);
    const ada = await join(t, session.code, { displayName: 'Ada' });
    const bo = await join(t, session.code, { displayName: 'Bo' });
    const live = await openLiveView(baseUrl, t.admin.token, session.id, ada.joined.student.studentId);
    try {
      await live.next((e) => e.event === CLASS_EVENTS.snapshot);
      await asStudent(t, bo.cookie, 'POST', '/me/messages', { message: 'Bo asks' });
      await asStudent(t, ada.cookie, 'POST', '/me/messages', { message: 'Ada asks' });
      const asked = await live.next((e) => e.event === CLASS_EVENTS.message && !e.data.message.isLeia);
      expect(asked.data).toMatchObject({
        studentId: ada.joined.student.studentId,
        message: { text: 'Ada asks' },
      });
      await live.next((e) => e.event === CLASS_EVENTS.message && e.data.message.isLeia);
      const others = live.events.filter(
        ({ event }) =>
          (event.event === CLASS_EVENTS.message || event.event === CLASS_EVENTS.student) &&
          event.data.studentId !== ada.joined.student.studentId,
      );
      expect(others).toEqual([]);
    } finally {
      live.close();
    }
  });
});

describe("a student's own events", () => {
  const extend = (sessionId: string, minutes: number) =>
    t.request({
      method: 'POST',
      url: `/api/v1/class-sessions/${sessionId}/extend`,
      token: t.admin.token,
      payload: { minutes },
    });

  it('gets the deadline, each extension and the close (draft handed in); another student only their own', async () => {
    const session = await startSession(t, activityId, { durationMinutes: 20 });
    const ada = await join(t, session.code, { displayName: 'Ada' });
    const bo = await join(t, session.code, { displayName: 'Bo' });
    const adaEvents = await openStudentEvents(baseUrl, `${STUDENT_COOKIE}=${ada.cookie}`);
    const boEvents = await openStudentEvents(baseUrl, `${STUDENT_COOKIE}=${bo.cookie}`);
    try {
      const first = await adaEvents.next((e) => e.event === STUDENT_EVENTS.extended);
      expect(first.data).toMatchObject({ endsAt: session.endsAt });
      await asStudent(t, ada.cookie, 'PUT', '/me/draft', { text: 'A ledger of orders' });
      await asStudent(t, bo.cookie, 'POST', '/me/hand-in', { text: 'Bo hands in early' });
      const extended = (await extend(session.id, 10)).json<{ endsAt: string }>().endsAt;
      expect(Date.parse(extended) - Date.parse(session.endsAt!)).toBe(10 * 60_000);
      const heard = await adaEvents.next(
        (e) => e.event === STUDENT_EVENTS.extended && e.data.endsAt === extended,
      );
      expect(Date.parse((heard.data as { serverNow: string }).serverNow)).toBeLessThan(Date.parse(extended));
      await boEvents.next((e) => e.event === STUDENT_EVENTS.extended && e.data.endsAt === extended);
      await t.request({
        method: 'POST',
        url: `/api/v1/class-sessions/${session.id}/close`,
        token: t.admin.token,
      });
      const closed = await adaEvents.next((e) => e.event === STUDENT_EVENTS.closed);
      const view = closed.data as StudentView;
      expect(view).toMatchObject({ studentId: ada.joined.student.studentId, state: 'ended', handedIn: true });
      expect(view.afterHandIn).toMatchObject({ handIn: 'A ledger of orders', auto: true });
      await adaEvents.ended;
      const boClosed = (await boEvents.next((e) => e.event === STUDENT_EVENTS.closed)).data as StudentView;
      expect(boClosed).toMatchObject({ studentId: bo.joined.student.studentId, displayName: 'Bo' });
      expect(boClosed.afterHandIn).toMatchObject({ handIn: 'Bo hands in early', auto: false });
      // Only the two kinds, and nothing of the other student's in either stream.
      for (const [stream, other] of [
        [adaEvents, 'Bo'],
        [boEvents, 'Ada'],
      ] as const) {
        const kinds = new Set(stream.events.map(({ event }) => event.event));
        expect([...kinds].sort()).toEqual([STUDENT_EVENTS.closed, STUDENT_EVENTS.extended]);
        const text = JSON.stringify(stream.events);
        expect(text).not.toContain(`"displayName":"${other}"`);
        expect(text.toLowerCase()).not.toContain(SOLUTION_MARKER.toLowerCase());
        expect(text.toLowerCase()).not.toContain(BEHAVIOUR_MARKER.toLowerCase());
      }
    } finally {
      adaEvents.close();
      boEvents.close();
    }
  });

  it('an ended session: the stream says closed at once, and ends', async () => {
    const session = await startSession(t, activityId);
    const ada = await join(t, session.code);
    await t.request({
      method: 'POST',
      url: `/api/v1/class-sessions/${session.id}/close`,
      token: t.admin.token,
    });
    const events = await openStudentEvents(baseUrl, `${STUDENT_COOKIE}=${ada.cookie}`);
    await events.ended;
    expect(events.events.map(({ event }) => event.event)).toEqual([
      STUDENT_EVENTS.extended,
      STUDENT_EVENTS.closed,
    ]);
    expect((events.events[1]!.event.data as StudentView).state).toBe('ended');
  });

  it('is a 404 without a student cookie, or with one that names no student', async () => {
    for (const cookie of [undefined, 'not-a-credential']) {
      const response = await asStudent(t, cookie, 'GET', '/me/events');
      expect([response.statusCode, response.json().message]).toEqual([404, CLASS_TEXTS.notJoined]);
    }
  });
});
