import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  type ClassSessionRow,
  type ClassStudentRow,
  classSessions,
  classStudents,
  runnerMessages,
  runnerSessions,
} from '../db/schema';
import { PG_NOT_NULL_VIOLATION, pgErrorCode } from '../errors';
import { sessionMessages } from './runner-store';

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

type TokenColumn = typeof classStudents.tokenHash | typeof classStudents.resumeHash;

/** A student and their session by a credential's hash, prepared once: it runs on every student request. */
const prepareByToken = (db: Db, column: TokenColumn, name: string) =>
  db
    .select({ student: classStudents, session: classSessions })
    .from(classStudents)
    .innerJoin(classSessions, eq(classSessions.id, classStudents.sessionId))
    .where(eq(column, sql.placeholder('hash')))
    .prepare(name);

type ByToken = ReturnType<typeof prepareByToken>;

async function studentByToken(query: ByToken, hash: string) {
  const [row] = await query.execute({ hash });
  return row;
}

async function session(db: Db, id: string): Promise<ClassSessionRow | undefined> {
  const [row] = await db.select().from(classSessions).where(eq(classSessions.id, id));
  return row;
}

/** The open session a code names (codes are unique among sessions not closed). */
async function openByCode(db: Db, code: string): Promise<ClassSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(classSessions)
    .where(and(eq(classSessions.code, code), isNull(classSessions.closedAt)));
  return row;
}

async function sessionsOf(db: Db, experimentId: string) {
  return db
    .select({ session: classSessions, counts: countsOf })
    .from(classSessions)
    .where(eq(classSessions.experimentId, experimentId))
    .orderBy(desc(classSessions.createdAt), desc(classSessions.id));
}

async function counts(db: Db, sessionId: string): Promise<Counts> {
  const [row] = await db
    .select({ counts: countsOf })
    .from(classSessions)
    .where(eq(classSessions.id, sessionId));
  return row?.counts ?? { students: 0, handedIn: 0 };
}

async function students(db: Db, sessionId: string): Promise<ClassStudentRow[]> {
  return db
    .select()
    .from(classStudents)
    .where(eq(classStudents.sessionId, sessionId))
    .orderBy(asc(classStudents.joinedAt), asc(classStudents.id));
}

async function student(db: Db, sessionId: string, studentId: string): Promise<ClassStudentRow | undefined> {
  const [row] = await db
    .select()
    .from(classStudents)
    .where(and(eq(classStudents.sessionId, sessionId), eq(classStudents.id, studentId)));
  return row;
}

/** A chat's messages, oldest first (what the runner stored). */
async function conversation(db: Db, runnerSessionId: string | null) {
  if (runnerSessionId === null) return [];
  return sessionMessages(db, runnerSessionId);
}

type AssignValues = Pick<
  typeof classStudents.$inferInsert,
  'displayName' | 'email' | 'tokenHash' | 'resumeHash'
>;

/**
 * A new student in one statement: the session's next join number, and with it the LEIA
 * configuration (n - 1) mod k of `configIds` (the activity's, in order), so the n-th join
 * always gets one of those with the fewest students. Two joins at once take their numbers
 * one after the other (the update locks the session row until the statement ends), in any
 * process. Undefined when the session is closed or past its deadline.
 */
async function assign(
  db: Db,
  sessionId: string,
  configIds: string[],
  values: AssignValues,
): Promise<ClassStudentRow | undefined> {
  const joined = db.$with('joined', { n: sql<number>`n` }).as(
    sql`update ${classSessions} set joined = joined + 1
      where id = ${sessionId} and closed_at is null and (ends_at is null or ends_at > now())
      returning joined as n`,
  );
  const configs = sql`array[${sql.join(
    configIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  try {
    const [row] = await db
      .with(joined)
      .insert(classStudents)
      .values({
        ...values,
        sessionId,
        // Null when no row was updated (closed or ended): the not-null constraint refuses it.
        configId: sql`(${configs})[((select n from joined) - 1) % ${configIds.length} + 1]`,
      })
      .returning();
    return row;
  } catch (error) {
    if (pgErrorCode(error) === PG_NOT_NULL_VIOLATION) return undefined;
    throw error;
  }
}

/** The student's chat: a runner session owned by the session's instructor. */
async function attachRunnerSession(
  db: Db,
  studentId: string,
  values: typeof runnerSessions.$inferInsert,
): Promise<ClassStudentRow | undefined> {
  const [created] = await db.insert(runnerSessions).values(values).returning({ id: runnerSessions.id });
  const [row] = await db
    .update(classStudents)
    .set({ runnerSessionId: created!.id })
    .where(eq(classStudents.id, studentId))
    .returning();
  return row;
}

async function update(db: Db, studentId: string, values: Partial<typeof classStudents.$inferInsert>) {
  const [row] = await db.update(classStudents).set(values).where(eq(classStudents.id, studentId)).returning();
  return row;
}

/** One answered (or stopped, or failed) turn to count (countTurns). */
export interface TurnCount {
  studentId: string;
  /** The elements the turn revealed. */
  revealed: string[];
  /** All the elements (the share's denominator); null: not measured, the share is left as it was. */
  total: number | null;
}

/**
 * After turns, many students' in one statement (a class's turns, gathered while the previous
 * statement ran: one statement per turn was as many round trips as the messages themselves): each
 * student's messages as stored (a retry is stored once), activity now, and the elements a turn
 * revealed added to the earlier ones, with their share of `total` (null: not measured, the share
 * is left as it was). Each student at most once in `turns`. The rows as updated (a deleted
 * student: none).
 */
async function countTurns(db: Db, turns: TurnCount[]): Promise<ClassStudentRow[]> {
  if (turns.length === 0) return [];
  const values = JSON.stringify(turns.map((t) => ({ id: t.studentId, added: t.revealed, total: t.total })));
  const union = sql`array(select distinct x from unnest("class_students"."revealed" || v.added) x order by x)`;
  return db
    .update(classStudents)
    .set({
      lastActivityAt: sql`now()`,
      messageCount: sql`(select count(*)::int from ${runnerMessages} m
        where m.session_id = "class_students"."runner_session_id" and not m.is_leia)`,
      revealed: sql`case when v.total is null then "class_students"."revealed" else ${union} end`,
      elicited: sql`case when v.total is null then "class_students"."elicited"
        else cardinality(${union})::float / v.total end`,
    })
    .from(sql`json_to_recordset(${values}::json) as v(id uuid, added text[], total int)`)
    .where(sql`"class_students"."id" = v.id`)
    .returning(getTableColumns(classStudents));
}

/** Hands in, once: undefined when the student had already handed in. */
async function handIn(
  db: Db,
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
}

/** Students not handed in of sessions that ended (closed, or past their deadline). */
async function due(db: Db, limit: number): Promise<{ student: ClassStudentRow; session: ClassSessionRow }[]> {
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
}

/** Sessions past their deadline are closed (their code is free again): the ids closed. */
async function closeExpired(db: Db): Promise<ClassSessionRow[]> {
  return db
    .update(classSessions)
    .set({ closedAt: sql`${classSessions.endsAt}` })
    .where(and(isNull(classSessions.closedAt), sql`${classSessions.endsAt} <= now()`))
    .returning();
}

async function sessionsByIds(db: Db, ids: string[]): Promise<ClassSessionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(classSessions).where(inArray(classSessions.id, ids));
}

export function createClassStore(db: Db) {
  const byCredential = prepareByToken(db, classStudents.tokenHash, 'class_student_by_token');
  const byResume = prepareByToken(db, classStudents.resumeHash, 'class_student_by_resume');
  return {
    studentByCredential: (hash: string) => studentByToken(byCredential, hash),
    studentByResume: (hash: string) => studentByToken(byResume, hash),
    session: (id: string) => session(db, id),
    openByCode: (code: string) => openByCode(db, code),
    sessionsOf: (experimentId: string) => sessionsOf(db, experimentId),
    counts: (sessionId: string) => counts(db, sessionId),
    students: (sessionId: string) => students(db, sessionId),
    student: (sessionId: string, studentId: string) => student(db, sessionId, studentId),
    conversation: (runnerSessionId: string | null) => conversation(db, runnerSessionId),
    assign: (sessionId: string, configIds: string[], values: AssignValues) =>
      assign(db, sessionId, configIds, values),
    attachRunnerSession: (studentId: string, values: typeof runnerSessions.$inferInsert) =>
      attachRunnerSession(db, studentId, values),
    update: (studentId: string, values: Partial<typeof classStudents.$inferInsert>) =>
      update(db, studentId, values),
    countTurns: (turns: TurnCount[]) => countTurns(db, turns),
    handIn: (studentId: string, text: string | null, auto: boolean) => handIn(db, studentId, text, auto),
    due: (limit: number) => due(db, limit),
    closeExpired: () => closeExpired(db),
    sessionsByIds: (ids: string[]) => sessionsByIds(db, ids),
  };
}

export type ClassStore = ReturnType<typeof createClassStore>;
