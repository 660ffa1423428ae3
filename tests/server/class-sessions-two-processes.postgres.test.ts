import {
  CLASS_EVENTS,
  type ClassSessionDetail,
  STUDENT_EVENTS,
  STUDENT_PATHS,
} from '@shared/schemas/class-sessions';
import { loginAt } from '../bench/support/common';
import { joinAt, setUpClass } from '../support/class-http';
import { openLiveView, openStudentEvents } from '../support/class-live';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { createPostgresDatabase, type TestDatabase } from '../support/test-database';
import { testConfig } from './helpers';

/**
 * A class on two server processes sharing PostgreSQL: students join on one process and chat on
 * the other, the instructor's live view is open on either, and it sees every event (LISTEN/NOTIFY).
 * Joins on both processes at once still split evenly (the lock is the database's).
 */

const ADMIN = { email: 'class-two-processes@leia.local', password: 'class-two-processes-password' };
const STUDENTS = 60;

describe('a class session on two server processes sharing PostgreSQL', () => {
  let database: TestDatabase;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    const config = testConfig({
      databaseUrl: database.databaseUrl,
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
    });
    // One after the other: the first creates the admin and the signing secret, the second reads them.
    servers.push(await startServerProcess(config));
    servers.push(await startServerProcess(config));
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it('joins on one process and chats on the other; a live view on each sees every event', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const token = await loginAt(a.url, ADMIN);
    const { session } = await setUpClass(a.url, token, { leias: 3 });
    const onA = await openLiveView(a.url, token, session.id);
    const onB = await openLiveView(b.url, token, session.id);
    try {
      await Promise.all([onA, onB].map((live) => live.next((e) => e.event === CLASS_EVENTS.snapshot)));
      // Joins on both processes at once.
      const students = await Promise.all(
        Array.from({ length: STUDENTS }, (_, i) =>
          joinAt(i % 2 ? b.url : a.url, session.code, `Student ${i}`),
        ),
      );
      for (const live of [onA, onB]) {
        const joined = new Set<string>();
        await live.next((e) => {
          if (e.event === CLASS_EVENTS.student) joined.add(e.data.studentId);
          return joined.size === STUDENTS;
        });
      }
      const detail = (await (
        await fetch(`${b.url}/api/v1/class-sessions/${session.id}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as ClassSessionDetail;
      const perLeia = new Map<string, number>();
      for (const row of detail.students)
        perLeia.set(row.leia.configId, (perLeia.get(row.leia.configId) ?? 0) + 1);
      expect([...perLeia.values()]).toEqual([20, 20, 20]);

      // A student who joined on A chats and hands in on B: A's live view sees it.
      const [ada] = students;
      const send = await fetch(`${b.url}${STUDENT_PATHS.messages}`, {
        method: 'POST',
        headers: { cookie: ada!.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'What do your customers order?' }),
      });
      expect(send.status).toBe(200);
      await onA.next(
        (e) =>
          e.event === CLASS_EVENTS.student && e.data.studentId === ada!.studentId && e.data.messages === 1,
      );
      const handIn = await fetch(`${b.url}${STUDENT_PATHS.handIn}`, {
        method: 'POST',
        headers: { cookie: ada!.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Customers order cakes online.' }),
      });
      expect(handIn.status).toBe(200);
      await onA.next((e) => e.event === CLASS_EVENTS.session && e.data.counts.handedIn === 1);
      // Closed on B: A's live view hears it.
      await fetch(`${b.url}/api/v1/class-sessions/${session.id}/close`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      await onA.next((e) => e.event === CLASS_EVENTS.session && e.data.status === 'closed');
    } finally {
      onA.close();
      onB.close();
    }
  });

  it('a student kept by one process is refused there at once after a resume, then a close, on the other', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const token = await loginAt(a.url, ADMIN);
    const { session } = await setUpClass(a.url, token, { leias: 1 });
    const ada = await joinAt(a.url, session.code, 'Ada');
    const onB = await openLiveView(b.url, token, session.id);
    const say = (cookie: string) =>
      fetch(`${b.url}${STUDENT_PATHS.messages}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'What do your customers order?' }),
      });
    try {
      await onB.next((e) => e.event === CLASS_EVENTS.snapshot);
      // B answers, and keeps the student for their next messages.
      expect((await say(ada.cookie)).status).toBe(200);
      // The row after that turn is B's own (it keeps the student): the resume's row comes after it.
      await onB.next(
        (e) =>
          e.event === CLASS_EVENTS.student && e.data.studentId === ada.studentId && e.data.messages === 1,
      );
      const from = onB.events.length;
      const resumed = await fetch(`${a.url}${STUDENT_PATHS.resume}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: ada.resumeToken }),
      });
      expect(resumed.status).toBe(200);
      const cookie = resumed.headers.get('set-cookie')!.split(';')[0]!;
      // Once B has heard of the resume (the student's row, from A), the old credential is refused.
      await onB.next((e) => e.event === CLASS_EVENTS.student && e.data.studentId === ada.studentId, { from });
      expect((await say(ada.cookie)).status).toBe(404);
      expect((await say(cookie)).status).toBe(200);
      await fetch(`${a.url}/api/v1/class-sessions/${session.id}/close`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      await onB.next((e) => e.event === CLASS_EVENTS.session && e.data.status === 'closed');
      const refused = await say(cookie);
      expect(refused.status).toBe(409);
    } finally {
      onB.close();
    }
  });

  it("a student's own events on one process hear the extension and the close made on the other", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const token = await loginAt(a.url, ADMIN);
    const { session } = await setUpClass(a.url, token, { leias: 1, session: { durationMinutes: 20 } });
    const ada = await joinAt(a.url, session.code, 'Ada');
    const events = await openStudentEvents(b.url, ada.cookie);
    try {
      await events.next((e) => e.event === STUDENT_EVENTS.extended);
      const extended = await fetch(`${a.url}/api/v1/class-sessions/${session.id}/extend`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ minutes: 5 }),
      });
      const { endsAt } = (await extended.json()) as { endsAt: string };
      await events.next((e) => e.event === STUDENT_EVENTS.extended && e.data.endsAt === endsAt);
      await fetch(`${a.url}/api/v1/class-sessions/${session.id}/close`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      const closed = await events.next((e) => e.event === STUDENT_EVENTS.closed);
      expect(closed.data).toMatchObject({ state: 'ended' });
    } finally {
      events.close();
    }
  });
});
