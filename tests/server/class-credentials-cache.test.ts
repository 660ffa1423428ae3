import { CLASS_TEXTS } from '@shared/class-sessions';
import { CLASS_REPORT_PATHS } from '@shared/schemas/class-report';
import {
  asStudent,
  cookieOf,
  join,
  publishedActivity,
  type StudentClient,
  startSession,
} from './class-helpers';
import { createTestApp, type TestApp } from './helpers';

/**
 * A student's messages name them from the credential cache (services/class-credentials.ts,
 * docs/architecture.md "Class sessions"): every rule still holds at the very next message. Each
 * test first sends a message, so the student is kept, then changes what the cache must not hide.
 */

let t: TestApp;
let activityId: string;
beforeAll(async () => {
  t = await createTestApp();
  activityId = (await publishedActivity(t, { count: 1 })).activity.id;
});
afterAll(() => t.close());

const instructor = (method: 'POST' | 'DELETE', url: string) =>
  t.request({ method, url, token: t.admin.token });

const say = (student: StudentClient | string, message: string) =>
  asStudent(t, typeof student === 'string' ? student : student.cookie, 'POST', '/me/messages', { message });

/** A student who joined and whose first message was answered (so the credential is kept). */
async function chatting(sessionCode: string): Promise<StudentClient> {
  const student = await join(t, sessionCode);
  const first = await say(student, 'Hello, what do you do?');
  expect(first.statusCode, first.body).toBe(200);
  return student;
}

describe('the credential cache of student messages', () => {
  it('answers the following messages of a kept student', async () => {
    const session = await startSession(t, activityId);
    const ada = await chatting(session.code);
    const second = await say(ada, 'Who are your customers?');
    expect(second.statusCode, second.body).toBe(200);
    expect((await asStudent(t, ada.cookie, 'GET', '/me')).json().conversation).toHaveLength(4);
  });

  it('a closed session refuses the next message', async () => {
    const session = await startSession(t, activityId);
    const ada = await chatting(session.code);
    const closed = await instructor('POST', `/api/v1/class-sessions/${session.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await say(ada, 'Are you still there?');
    expect([refused.statusCode, refused.json().message]).toEqual([409, CLASS_TEXTS.ended]);
  });

  it('a student who handed in is refused the next message', async () => {
    const session = await startSession(t, activityId);
    const ada = await chatting(session.code);
    const handIn = await asStudent(t, ada.cookie, 'POST', '/me/hand-in', { text: 'Cakes are ordered.' });
    expect(handIn.statusCode, handIn.body).toBe(200);
    const refused = await say(ada, 'One more question?');
    expect([refused.statusCode, refused.json().message]).toEqual([409, CLASS_TEXTS.handedInNoMessages]);
  });

  it('a resume link: the first device is refused its next message, the new one is answered', async () => {
    const session = await startSession(t, activityId);
    const ada = await chatting(session.code);
    const resumed = await t.request({
      method: 'POST',
      url: '/api/v1/student/resume',
      payload: { token: ada.joined.resumeToken },
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const refused = await say(ada, 'From the old device');
    expect([refused.statusCode, refused.json().message]).toEqual([404, CLASS_TEXTS.notJoined]);
    const answered = await say(cookieOf(resumed.headers['set-cookie']), 'From the new device');
    expect(answered.statusCode, answered.body).toBe(200);
  });

  it('a student of a class whose data was deleted is refused at once, and reads nothing', async () => {
    const session = await startSession(t, activityId);
    const ada = await chatting(session.code);
    await instructor('POST', `/api/v1/class-sessions/${session.id}/close`);
    const deleted = await instructor('DELETE', `${CLASS_REPORT_PATHS.data(session.id)}?students=1`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const refused = await say(ada, 'Is my conversation still there?');
    expect([refused.statusCode, refused.json().message]).toEqual([404, CLASS_TEXTS.notJoined]);
    expect((await asStudent(t, ada.cookie, 'GET', '/me')).statusCode).toBe(404);
  });
});
