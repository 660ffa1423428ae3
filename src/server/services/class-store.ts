import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  type ClassSessionRow,
  type ClassStudentRow,
  classSessions,
  classStudents,
  runnerMessages,
  runnerSessions,
} from '../db/schema';

/**
 * The rows of class sessions and their students (services/class-sessions.ts holds the rules). A
 * student's credential is found by its hash in one query that brings the session along: it runs
 * on every student request.
 */

export interface Counts {
  students: number;
  handedIn: number;
}

// Written out: drizzle leaves the table off a column in a one-table select, which would make
// the subquery's `id` its own.
const countsOf = sql<Counts>`(select json_build_object(
    'students', count(*)::int,
    'handedIn', (count(*) filter (where cs.handed_in_at is not null))::int)
  from class_students cs where cs.session_id = "class_sessions"."id")`;

export function createClassStore(db: Db) {
  const byToken = (column: typeof classStudents.tokenHash | typeof classStudents.resumeHash, name: string) =>
    db
      .select({ student: classStudents, session: classSessions })
      .from(classStudents)
      .innerJoin(classSessions, eq(classSessions.id, classStudents.sessionId))
      .where(eq(column, sql.placeholder('hash')))
      .prepare(name);
  const byCredential = byToken(classStudents.tokenHash, 'class_student_by_token');
  const byResume = byToken(classStudents.resumeHash, 'class_student_by_resume');

  return {
    async studentByCredential(hash: string) {
      const [row] = await byCredential.execute({ hash });
      return row;
    },

    async studentByResume(hash: string) {
      const [row] = await byResume.execute({ hash });
      return row;
    },

    async session(id: string): Promise<ClassSessionRow | undefined> {
      const [row] = await db.select().from(classSessions).where(eq(classSessions.id, id));
      return row;
    },

    /** The open session a code names (codes are unique among sessions not closed). */
    async openByCode(code: string): Promise<ClassSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(classSessions)
        .where(and(eq(classSessions.code, code), isNull(classSessions.closedAt)));
      return row;
    },

    async sessionsOf(experimentId: string) {
      return db
        .select({ session: classSessions, counts: countsOf })
        .from(classSessions)
        .where(eq(classSessions.experimentId, experimentId))
        .orderBy(desc(classSessions.createdAt), desc(classSessions.id));
    },

    async counts(sessionId: string): Promise<Counts> {
      const [row] = await db
        .select({ counts: countsOf })
        .from(classSessions)
        .where(eq(classSessions.id, sessionId));
      return row?.counts ?? { students: 0, handedIn: 0 };
    },

    async students(sessionId: string): Promise<ClassStudentRow[]> {
      return db
        .select()
        .from(classStudents)
        .where(eq(classStudents.sessionId, sessionId))
        .orderBy(asc(classStudents.joinedAt), asc(classStudents.id));
    },

    async student(sessionId: string, studentId: string): Promise<ClassStudentRow | undefined> {
      const [row] = await db
        .select()
        .from(classStudents)
        .where(and(eq(classStudents.sessionId, sessionId), eq(classStudents.id, studentId)));
      return row;
    },

    /** A chat's messages, oldest first (what the runner stored). */
    async conversation(runnerSessionId: string | null) {
      if (runnerSessionId === null) return [];
      return db
        .select({
          isLeia: runnerMessages.isLeia,
          text: runnerMessages.text,
          stopped: runnerMessages.stopped,
          createdAt: runnerMessages.createdAt,
        })
        .from(runnerMessages)
        .where(eq(runnerMessages.sessionId, runnerSessionId))
        .orderBy(asc(runnerMessages.seq));
    },

    /** Students per configuration, for the balanced assignment (inside the join's transaction). */
    async assignedCounts(tx: Tx, sessionId: string): Promise<Map<string, number>> {
      const rows = await tx
        .select({ configId: classStudents.configId, count: sql<number>`count(*)::int` })
        .from(classStudents)
        .where(eq(classStudents.sessionId, sessionId))
        .groupBy(classStudents.configId);
      return new Map(rows.map((row) => [row.configId, row.count]));
    },

    async createRunnerSession(tx: Tx, values: typeof runnerSessions.$inferInsert): Promise<string> {
      const [row] = await tx.insert(runnerSessions).values(values).returning({ id: runnerSessions.id });
      return row!.id;
    },

    async insertStudent(tx: Tx, values: typeof classStudents.$inferInsert): Promise<ClassStudentRow> {
      const [row] = await tx.insert(classStudents).values(values).returning();
      return row!;
    },

    async update(studentId: string, values: Partial<typeof classStudents.$inferInsert>) {
      const [row] = await db
        .update(classStudents)
        .set(values)
        .where(eq(classStudents.id, studentId))
        .returning();
      return row;
    },

    /**
     * A message about to be sent: activity now, and one more message unless it is a retry (the
     * chat's last message is the same text, unanswered), which the runner does not store twice.
     */
    async countMessage(student: ClassStudentRow, text: string): Promise<ClassStudentRow> {
      const last = sql`(select not m.is_leia and m.text = ${text} from ${runnerMessages} m
        where m.session_id = "class_students"."runner_session_id" order by m.seq desc limit 1)`;
      const [row] = await db
        .update(classStudents)
        .set({
          lastActivityAt: sql`now()`,
          messageCount: sql`${classStudents.messageCount} + case when coalesce(${last}, false) then 0 else 1 end`,
        })
        .where(eq(classStudents.id, student.id))
        .returning();
      return row ?? student;
    },

    /** Hands in, once: undefined when the student had already handed in. */
    async handIn(
      studentId: string,
      text: string | null,
      auto: boolean,
    ): Promise<ClassStudentRow | undefined> {
      const [row] = await db
        .update(classStudents)
        .set({
          handIn: text === null ? sql`${classStudents.draft}` : text,
          ...(text !== null && { draft: text }),
          handedInAt: sql`now()`,
          autoHandedIn: auto,
          lastActivityAt: sql`now()`,
        })
        .where(and(eq(classStudents.id, studentId), isNull(classStudents.handedInAt)))
        .returning();
      return row;
    },

    /** Students not handed in of sessions that ended (closed, or past their deadline). */
    async due(limit: number): Promise<{ student: ClassStudentRow; session: ClassSessionRow }[]> {
      return db
        .select({ student: classStudents, session: classSessions })
        .from(classStudents)
        .innerJoin(classSessions, eq(classSessions.id, classStudents.sessionId))
        .where(
          and(
            isNull(classStudents.handedInAt),
            sql`(${classSessions.closedAt} is not null or ${classSessions.endsAt} <= now())`,
          ),
        )
        .limit(limit);
    },

    /** Sessions past their deadline are closed (their code is free again): the ids closed. */
    async closeExpired(): Promise<ClassSessionRow[]> {
      return db
        .update(classSessions)
        .set({ closedAt: sql`${classSessions.endsAt}` })
        .where(and(isNull(classSessions.closedAt), sql`${classSessions.endsAt} <= now()`))
        .returning();
    },

    async sessionsByIds(ids: string[]): Promise<ClassSessionRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(classSessions).where(inArray(classSessions.id, ids));
    },
  };
}

export type ClassStore = ReturnType<typeof createClassStore>;
