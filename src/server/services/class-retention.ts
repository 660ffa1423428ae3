import { CLASS_REPORT_TEXTS } from '@shared/schemas/class-report';
import { and, eq, exists, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { classSessions, classStudents, runnerSessions } from '../db/schema';
import { badRequest } from '../errors';

/**
 * Deleting a class session's student data (docs/architecture.md "Class reports"): on the
 * instructor's confirmed request, and LEIA_CLASS_RETENTION_DAYS after a session closed, checked at
 * start and daily. The session itself stays (its name, code and settings), empty.
 */

const DAY_MS = 24 * 3600 * 1000;

/**
 * A session's students, conversations (their runner sessions, with the messages and evaluations
 * that cascade from them), drafts, hand-ins and grades: gone, in one transaction. With
 * `confirmed`, it must be the number of students, so a stale confirmation deletes nothing.
 */
export function deleteClassStudents(db: Db, sessionId: string, confirmed?: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: classStudents.id, chat: classStudents.runnerSessionId })
      .from(classStudents)
      .where(eq(classStudents.sessionId, sessionId))
      .for('update');
    if (confirmed !== undefined && rows.length !== confirmed)
      throw badRequest(CLASS_REPORT_TEXTS.confirmCount(rows.length));
    const chats = rows.flatMap((row) => (row.chat ? [row.chat] : []));
    await tx.delete(classStudents).where(eq(classStudents.sessionId, sessionId));
    if (chats.length > 0) await tx.delete(runnerSessions).where(inArray(runnerSessions.id, chats));
    return rows.length;
  });
}

/** The student data of every session closed more than `days` ago; what was deleted. */
export async function deleteExpiredClassData(
  db: Db,
  days: number,
  now = new Date(),
): Promise<{ sessions: number; students: number }> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const due = await db
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(
      and(
        isNotNull(classSessions.closedAt),
        lt(classSessions.closedAt, cutoff),
        exists(
          db.select({ one: sql`1` }).from(classStudents).where(eq(classStudents.sessionId, classSessions.id)),
        ),
      ),
    );
  let students = 0;
  for (const session of due) students += await deleteClassStudents(db, session.id);
  return { sessions: due.length, students };
}

/** Runs the retention now and then daily, until the returned function is called. */
export function startClassRetention(
  db: Db,
  days: number,
  log: { error(details: object, message: string): void; info(details: object, message: string): void },
): () => void {
  const run = () =>
    deleteExpiredClassData(db, days).then(
      (done) =>
        done.students > 0 && log.info(done, 'deleted the student data of class sessions past retention'),
      (error: unknown) => log.error({ err: error }, 'class data retention failed'),
    );
  void run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
