import { ConfigError, loadConfig } from '@server/config';
import { classSessions, classStudents, runnerSessions } from '@server/db/schema';
import { deleteExpiredClassData, startClassRetention } from '@server/services/class-retention';
import { eq, inArray, sql } from 'drizzle-orm';
import { asStudent, join, publishedActivity, startSession } from './class-helpers';
import { createTestApp, type TestApp } from './helpers';

/**
 * LEIA_CLASS_RETENTION_DAYS (docs/architecture.md "Class reports"): a closed session's student
 * data is deleted that many days after it closed; open sessions and recent ones keep theirs.
 */

let t: TestApp;
let activityId: string;
beforeAll(async () => {
  t = await createTestApp({ classRetentionDays: 1 });
  activityId = (await publishedActivity(t)).activity.id;
});
afterAll(() => t.close());

/** A session with `students` who each sent a message, closed `closedHoursAgo` ago (or open). */
async function sessionOf(students: number, closedHoursAgo: number | null) {
  const session = await startSession(t, activityId);
  for (let i = 0; i < students; i++) {
    const student = await join(t, session.code);
    expect(
      (await asStudent(t, student.cookie, 'POST', '/me/messages', { message: 'Hello?' })).statusCode,
    ).toBe(200);
  }
  if (closedHoursAgo !== null) {
    await t.app.ctx.db
      .update(classSessions)
      .set({ closedAt: sql`now() - make_interval(hours => ${closedHoursAgo}::int)` })
      .where(eq(classSessions.id, session.id));
  }
  return session.id;
}

const studentsOf = (sessionId: string) =>
  t.app.ctx.db
    .select({ chat: classStudents.runnerSessionId })
    .from(classStudents)
    .where(eq(classStudents.sessionId, sessionId));

describe('class data retention', () => {
  it('reads LEIA_CLASS_RETENTION_DAYS: unset keeps, a whole number of days from 1', () => {
    expect(loadConfig({}).classRetentionDays).toBeUndefined();
    expect(loadConfig({ LEIA_CLASS_RETENTION_DAYS: '30' }).classRetentionDays).toBe(30);
    expect(() => loadConfig({ LEIA_CLASS_RETENTION_DAYS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ LEIA_CLASS_RETENTION_DAYS: '1.5' })).toThrow(/LEIA_CLASS_RETENTION_DAYS/);
  });

  it('deletes the students of sessions closed longer ago than the retention, and only theirs', async () => {
    const old = await sessionOf(2, 49);
    const recent = await sessionOf(1, 2);
    const open = await sessionOf(1, null);
    const chats = (await studentsOf(old)).map((row) => row.chat!);
    expect(chats).toHaveLength(2);

    expect(await deleteExpiredClassData(t.app.ctx.db, 1)).toEqual({ sessions: 1, students: 2 });
    expect(await studentsOf(old)).toEqual([]);
    const left = await t.app.ctx.db.select().from(runnerSessions).where(inArray(runnerSessions.id, chats));
    expect(left).toEqual([]);
    expect(await studentsOf(recent)).toHaveLength(1);
    expect(await studentsOf(open)).toHaveLength(1);
    // Nothing more is due: a second run deletes nothing.
    expect(await deleteExpiredClassData(t.app.ctx.db, 1)).toEqual({ sessions: 0, students: 0 });
    // Two days later, the recent session is due too.
    const later = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    expect(await deleteExpiredClassData(t.app.ctx.db, 1, later)).toEqual({ sessions: 1, students: 1 });
    expect(await studentsOf(open)).toHaveLength(1);
  });

  it('runs as soon as it is started', async () => {
    const old = await sessionOf(1, 30);
    const logged: object[] = [];
    const stop = startClassRetention(t.app.ctx.db, 1, {
      info: (details) => logged.push(details),
      error: (details) => logged.push(details),
    });
    try {
      await vi.waitFor(async () => expect(await studentsOf(old)).toEqual([]));
      await vi.waitFor(() => expect(logged).toEqual([{ sessions: 1, students: 1 }]));
    } finally {
      stop();
    }
  });
});
