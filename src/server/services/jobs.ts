import { EventEmitter } from 'node:events';
import type { Actor } from '@shared/permissions';
import {
  isFinished,
  type Job,
  type JobProgressEvent,
  type JobStatus,
  LEAK_CHECK_TEXTS,
  type LeakCheckParams,
  type LeakCheckResult,
} from '@shared/schemas/leak-check';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { type JobRow, jobs } from '../db/schema';
import { conflict, notFound } from '../errors';
import { UUID } from './actor';

/**
 * Job rows and their life: queued -> running -> completed | failed | cancelled. The process
 * running a job beats its heartbeat; any process may read, cancel or stream it. A job whose
 * process is gone is marked failed: at start-up (PGlite: every unfinished job, as only one process
 * can open its data; PostgreSQL: those whose heartbeat stopped, as other processes may be running
 * theirs), and whenever a stale job is read. Progress and the end of a job are also announced in
 * this process (`events`), so a stream sees them at once; streams of jobs running elsewhere poll.
 */

/** How often a running job's process proves it is alive, and how long a silence means it is gone. */
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 30_000;
const ACTIVE: JobStatus[] = ['queued', 'running'];
const stale = () => sql`now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`;

export function toJob(row: JobRow): Job {
  const params = row.params as unknown as LeakCheckParams;
  return {
    id: row.id,
    kind: row.kind,
    leia: { ...(row.leiaId && { id: row.leiaId }), ...(row.leiaName && { name: row.leiaName }) },
    status: row.status,
    progress: row.progress,
    params: { runs: params.runs, maxTurns: params.maxTurns, styles: params.styles },
    result: (row.result as unknown as LeakCheckResult | null) ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export interface JobEvents {
  on(event: `progress:${string}`, listener: (progress: JobProgressEvent) => void): void;
  on(event: `done:${string}`, listener: (job: Job) => void): void;
  off(event: string, listener: (...args: never[]) => void): void;
}

type NewJob = Pick<typeof jobs.$inferInsert, 'ownerId' | 'leiaId' | 'leiaName' | 'params' | 'progress'>;

/**
 * Counts the owner's unfinished jobs and inserts the new one under a transaction-scoped advisory
 * lock on the owner, so N requests at once, in any number of processes, never start more than
 * `maxActive`.
 */
async function insertUnderLimit(tx: Tx, values: NewJob, maxActive: number): Promise<JobRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`jobs:${values.ownerId}`}, 0))`);
  const [active] = await tx
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.ownerId, values.ownerId), inArray(jobs.status, ACTIVE)));
  if ((active?.n ?? 0) >= maxActive) throw conflict(LEAK_CHECK_TEXTS.tooManyJobs(maxActive));
  const [row] = await tx
    .insert(jobs)
    .values({ kind: 'leak-check', ...values })
    .returning();
  return row!;
}

type FinalStatus = Exclude<JobStatus, 'queued' | 'running'>;

/** Ends an unfinished job and announces it; the row as it now is, or undefined when it had already ended. */
async function finishJob(
  db: Db,
  events: EventEmitter,
  id: string,
  status: FinalStatus,
  outcome: { result?: LeakCheckResult; error?: string } = {},
): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({
      status,
      finishedAt: sql`now()`,
      ...(outcome.result && { result: outcome.result as unknown as Record<string, unknown> }),
      ...(outcome.error && { error: outcome.error }),
    })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ACTIVE)))
    .returning();
  if (row) events.emit(`done:${id}`, toJob(row));
  return row;
}

/** A job of the caller's (404 otherwise), failed first if its process stopped beating. */
async function readJob(db: Db, actor: Actor, id: string): Promise<JobRow> {
  const [row] = UUID.test(id)
    ? await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, id), eq(jobs.ownerId, actor.id)))
    : [];
  if (!row) throw notFound(LEAK_CHECK_TEXTS.jobNotFound);
  if (!isFinished(row.status)) {
    const [ended] = await db
      .update(jobs)
      .set({ status: 'failed', error: LEAK_CHECK_TEXTS.stale, finishedAt: sql`now()` })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ACTIVE), lt(jobs.heartbeatAt, stale())))
      .returning();
    if (ended) return ended;
  }
  return row;
}

/** Marks a queued job running; false when it was cancelled first. */
async function startJob(db: Db, id: string): Promise<boolean> {
  const started = await db
    .update(jobs)
    .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
    .returning({ id: jobs.id });
  return started.length === 1;
}

/** Stores a running job's progress (and beats its heart); false when it stopped running. */
async function storeProgress(
  db: Db,
  id: string,
  progress: { done: number; total: number },
): Promise<boolean> {
  const updated = await db
    .update(jobs)
    .set({ progress, heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return updated.length === 1;
}

/** At start-up: no job is left running by a process that is gone. */
async function failInterrupted(db: Db, singleProcess: boolean): Promise<number> {
  const ended = await db
    .update(jobs)
    .set({ status: 'failed', error: LEAK_CHECK_TEXTS.interrupted, finishedAt: sql`now()` })
    .where(
      singleProcess
        ? inArray(jobs.status, ACTIVE)
        : and(inArray(jobs.status, ACTIVE), lt(jobs.heartbeatAt, stale())),
    )
    .returning({ id: jobs.id });
  return ended.length;
}

/** The caller's checks of a LEIA, newest first (stale ones failed as they are read). */
async function listForLeia(db: Db, actor: Actor, leiaId: string, limit: number): Promise<Job[]> {
  if (!UUID.test(leiaId)) return [];
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.ownerId, actor.id), eq(jobs.leiaId, leiaId)))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
  return Promise.all(
    rows.map(async (row) => (isFinished(row.status) ? toJob(row) : toJob(await readJob(db, actor, row.id)))),
  );
}

export function createJobStore(db: Db) {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const finish = (id: string, status: FinalStatus, outcome?: { result?: LeakCheckResult; error?: string }) =>
    finishJob(db, events, id, status, outcome);
  const read = (actor: Actor, id: string) => readJob(db, actor, id);
  const get = async (actor: Actor, id: string): Promise<Job> => toJob(await read(actor, id));

  return {
    events: events as unknown as JobEvents,

    /** A new queued job, unless its owner already has `maxActive` queued or running (409). */
    create: (values: NewJob, maxActive: number) =>
      db.transaction((tx) => insertUnderLimit(tx, values, maxActive)),

    start: (id: string) => startJob(db, id),

    /** Announces progress here; with `write`, stores it too. False when the job stopped running. */
    async progress(id: string, progress: { done: number; total: number }, write: boolean): Promise<boolean> {
      events.emit(`progress:${id}`, { status: 'running', progress } satisfies JobProgressEvent);
      return write ? storeProgress(db, id, progress) : true;
    },

    async heartbeat(id: string): Promise<void> {
      await db
        .update(jobs)
        .set({ heartbeatAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
    },

    finish,
    read,
    get,

    /** Cancels an unfinished job of the caller's; a finished one is answered as it is. */
    async cancel(actor: Actor, id: string): Promise<Job> {
      const row = await read(actor, id);
      if (isFinished(row.status)) return toJob(row);
      return toJob((await finish(id, 'cancelled')) ?? (await read(actor, id)));
    },

    listForLeia: (actor: Actor, leiaId: string, limit = 20) => listForLeia(db, actor, leiaId, limit),
    failInterrupted: (singleProcess: boolean) => failInterrupted(db, singleProcess),
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
