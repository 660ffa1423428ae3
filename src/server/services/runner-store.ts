import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { runnerMessages, runnerSessions } from '../db/schema';
import { notFound, PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../errors';

/**
 * The runner's rows: sessions and their messages. A message's place is its seq, part of the primary
 * key, and it is claimed by compare-and-set: an insert at max + 1 that does nothing if another
 * message took that place first, and is then retried with a fresh read. No transaction or row lock
 * is held. Seqs only grow (a regenerated reply takes a new place), so "the last seq is still n"
 * means "nothing was written since n". A user's message is stored, and the history read unless the
 * process already knows it, in one round trip, and the reply is one more: this is on the path of
 * every chat message (see tests/bench/runner.bench.ts), where the alternative, a locked session
 * row, takes five statements.
 */

export interface StoredMessage {
  seq: number;
  isLeia: boolean;
  text: string;
}

export interface AppendedMessage {
  isLeia: boolean;
  text: string;
  stopped?: boolean;
}

/** Far more attempts than concurrent writers one chat session ever has. */
export const MAX_ATTEMPTS = 50;

const nextSeq = (sessionId: unknown) =>
  sql<number>`(select coalesce(max(${runnerMessages.seq}), 0) + 1 from ${runnerMessages} where ${runnerMessages.sessionId} = ${sessionId})`;

/** A session's messages, oldest first, as one JSON value. */
const historyOf = sql<StoredMessage[]>`coalesce((
  select json_agg(json_build_object('seq', m.seq, 'isLeia', m.is_leia, 'text', m.text) order by m.seq)
  from ${runnerMessages} m where m.session_id = ${runnerSessions.id}), '[]'::json)`;

/** The owner's session with its messages, oldest first, in one query. */
const prepareLoad = (db: Db) =>
  db
    .select({
      systemPrompt: runnerSessions.systemPrompt,
      spec: runnerSessions.spec,
      history: historyOf,
    })
    .from(runnerSessions)
    .where(
      and(
        eq(runnerSessions.id, sql.placeholder('id')),
        eq(runnerSessions.ownerId, sql.placeholder('ownerId')),
      ),
    )
    .prepare('runner_load_session');

/**
 * A new user message, in one round trip: stores it after the last message (unless the last is
 * the same message, unanswered: a retry) and reads the history as it was before it. `inserted`
 * is null when it was a retry, or when a concurrent message took the place (then read again).
 * With `full`, also the session's prompt and spec (the first message a process sees of it).
 */
function prepareSend(db: Db, full: boolean) {
  const inserted = db.$with('inserted', { seq: sql<number>`seq` }).as(
    sql`insert into ${runnerMessages} (session_id, seq, is_leia, text)
      select s.id, coalesce((select max(m.seq) from ${runnerMessages} m where m.session_id = s.id), 0) + 1,
        false, ${sql.placeholder('text')}
      from ${runnerSessions} s
      where s.id = ${sql.placeholder('id')} and s.owner_id = ${sql.placeholder('ownerId')}
        and not coalesce((select not m.is_leia and m.text = ${sql.placeholder('text')}
          from ${runnerMessages} m where m.session_id = s.id order by m.seq desc limit 1), false)
      on conflict do nothing
      returning seq`,
  );
  return db
    .with(inserted)
    .select({
      inserted: sql<number | null>`(select seq from inserted)`,
      history: historyOf,
      ...(full && { systemPrompt: runnerSessions.systemPrompt, spec: runnerSessions.spec }),
    })
    .from(runnerSessions)
    .where(
      and(
        eq(runnerSessions.id, sql.placeholder('id')),
        eq(runnerSessions.ownerId, sql.placeholder('ownerId')),
      ),
    )
    .prepare(full ? 'runner_send_full' : 'runner_send');
}

/**
 * A new user message when the caller knows the conversation up to `lastSeq` (runner-sessions.ts):
 * stored at lastSeq + 1 only if that is still the session's last message and the session is the
 * owner's. No row when not stored: the caller reads afresh (prepareSend).
 */
function prepareSendAfter(db: Db) {
  const inserted = db.$with('inserted', { seq: sql<number>`seq` }).as(
    sql`insert into ${runnerMessages} (session_id, seq, is_leia, text)
      select s.id, ${sql.placeholder('lastSeq')}::integer + 1, false, ${sql.placeholder('text')}
      from ${runnerSessions} s
      where s.id = ${sql.placeholder('id')} and s.owner_id = ${sql.placeholder('ownerId')}
        and coalesce((select max(m.seq) from ${runnerMessages} m where m.session_id = s.id), 0)
          = ${sql.placeholder('lastSeq')}::integer
      on conflict do nothing
      returning seq`,
  );
  return db.with(inserted).select({ seq: sql<number>`seq` }).from(inserted).prepare('runner_send_after');
}

const prepareAppend = (db: Db) =>
  db
    .insert(runnerMessages)
    .values({
      sessionId: sql.placeholder('sessionId'),
      seq: nextSeq(sql.placeholder('sessionId')),
      isLeia: sql.placeholder('isLeia'),
      text: sql.placeholder('text'),
      stopped: sql.placeholder('stopped'),
    })
    .onConflictDoNothing()
    .returning({ seq: runnerMessages.seq, createdAt: runnerMessages.createdAt })
    .prepare('runner_append');

/** A message insert whose session was deleted meanwhile (its owner was) is a 404. */
async function inserting<T>(sessionNotFound: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw notFound(sessionNotFound);
    throw error;
  }
}

/** A chat session's messages, oldest first (a class session's student reads its chat's too). */
export function sessionMessages(db: Db, sessionId: string) {
  return db
    .select({
      isLeia: runnerMessages.isLeia,
      text: runnerMessages.text,
      stopped: runnerMessages.stopped,
      createdAt: runnerMessages.createdAt,
    })
    .from(runnerMessages)
    .where(eq(runnerMessages.sessionId, sessionId))
    .orderBy(asc(runnerMessages.seq));
}

/** The owner's session row and its messages (undefined when it is not theirs). */
async function readSession(db: Db, ownerId: string, sessionId: string) {
  const [[session], messages] = await Promise.all([
    db
      .select()
      .from(runnerSessions)
      .where(and(eq(runnerSessions.id, sessionId), eq(runnerSessions.ownerId, ownerId))),
    // Read alongside; thrown away when the session is not the owner's.
    sessionMessages(db, sessionId),
  ]);
  return session && { session, messages };
}

/** A reply stored after the last message while the one it replaces (regenerate) is deleted. */
function replaceMessage(db: Db, sessionId: string, message: Required<AppendedMessage>, replaces: number) {
  const { isLeia, text, stopped } = message;
  return db.transaction(async (tx) => {
    // Each statement sees what committed before it, so a retry inside the transaction works.
    const appended = await untilStored(sessionId, () =>
      tx
        .insert(runnerMessages)
        .values({ sessionId, seq: nextSeq(sessionId), isLeia, text, stopped })
        .onConflictDoNothing()
        .returning({ seq: runnerMessages.seq, createdAt: runnerMessages.createdAt }),
    );
    await tx
      .delete(runnerMessages)
      .where(
        and(
          eq(runnerMessages.sessionId, sessionId),
          eq(runnerMessages.seq, replaces),
          eq(runnerMessages.isLeia, true),
        ),
      );
    return appended;
  });
}

export function createRunnerStore(db: Db, sessionNotFound: string) {
  const loadQuery = prepareLoad(db);
  const sendQueries = { full: prepareSend(db, true), lean: prepareSend(db, false) };
  const sendAfterQuery = prepareSendAfter(db);
  const appendQuery = prepareAppend(db);
  const insertOr404 = <T>(run: () => Promise<T>) => inserting(sessionNotFound, run);

  return {
    async load(ownerId: string, sessionId: string) {
      const [row] = await loadQuery.execute({ id: sessionId, ownerId });
      return row;
    },

    /** See prepareSend; undefined when the session is not the owner's. */
    async send(ownerId: string, sessionId: string, text: string, full: boolean) {
      const query = full ? sendQueries.full : sendQueries.lean;
      const [row] = await insertOr404(() => query.execute({ id: sessionId, ownerId, text }));
      return row as
        | { inserted: number | null; history: StoredMessage[]; systemPrompt?: string; spec?: unknown }
        | undefined;
    },

    /** See prepareSendAfter: the new message's seq, or undefined when it was not stored. */
    async sendAfter(ownerId: string, sessionId: string, lastSeq: number, text: string) {
      const [row] = await insertOr404(() =>
        sendAfterQuery.execute({ id: sessionId, ownerId, lastSeq, text }),
      );
      return row?.seq;
    },

    session: (ownerId: string, sessionId: string) => readSession(db, ownerId, sessionId),

    async createSession(values: typeof runnerSessions.$inferInsert): Promise<string> {
      const [row] = await db.insert(runnerSessions).values(values).returning({ id: runnerSessions.id });
      return row!.id;
    },

    /**
     * Stores a message after the last one, whatever it is by then; `replaces` (regenerate) is
     * deleted in the same transaction, after the new one took its place (so seqs only grow), and
     * the conversation never shows both replies or neither.
     * `stopped`: a reply cut short by the user (its text is what was written by then).
     */
    append(sessionId: string, message: AppendedMessage, replaces?: number): Promise<Appended> {
      const { isLeia, text, stopped = false } = message;
      if (replaces === undefined)
        return insertOr404(() =>
          untilStored(sessionId, () => appendQuery.execute({ sessionId, isLeia, text, stopped })),
        );
      return insertOr404(() => replaceMessage(db, sessionId, { isLeia, text, stopped }, replaces));
    },
  };
}

/** Where a message was stored, and when. */
export interface Appended {
  seq: number;
  createdAt: Date;
}

/** Repeats an append that lost its place to a concurrent one. */
async function untilStored(sessionId: string, insert: () => Promise<Appended[]>): Promise<Appended> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const [row] = await insert();
    if (row) return row;
  }
  throw new Error(`Could not append to runner session ${sessionId}: too many concurrent writers`);
}

export type RunnerStore = ReturnType<typeof createRunnerStore>;
