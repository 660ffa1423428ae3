import { randomInt } from 'node:crypto';
import { CLASS_TEXTS, JOIN_CODE_ALPHABET, makeJoinCode } from '@shared/class-sessions';
import { type Actor, canManageActivities, canRunClassSessions } from '@shared/permissions';
import { ACTIVITY_TEXTS } from '@shared/schemas/activities';
import {
  CLASS_EVENTS,
  type ClassSessionDetail,
  type ClassSessionSummary,
  type LiveEvent,
  type StartClassSession,
  type StudentConversation,
} from '@shared/schemas/class-sessions';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type ClassSessionRow, classSessions, type ExperimentRow, experiments } from '../db/schema';
import { conflict, forbidden, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../errors';
import { UUID } from './actor';
import type { ClassListener } from './class-bus';
import { type ClassContext, type ClassLive, toChatMessages } from './class-live';
import type { ClassStudentsService } from './class-students';
import { hasEnded, toLiveRow, toSummary } from './class-views';

/**
 * Class sessions as their instructor runs them (docs/architecture.md "Class sessions"): start,
 * list, the live view and its events, a student's conversation, extend, close. Only whoever may
 * manage the activity (`canRunClassSessions`) reaches a session: others are told it does not exist.
 */

interface Deps extends ClassContext {
  db: Db;
  live: ClassLive;
  students: ClassStudentsService;
}

/** Codes drawn before giving up: with 887 million codes, a second draw is already rare. */
const CODE_ATTEMPTS = 20;
/** The deadline sweep: how often ended sessions are closed and their drafts handed in. */
const SWEEP_MS = 2_000;
const SWEEP_BATCH = 100;

const randomUnit = () => randomInt(0, JOIN_CODE_ALPHABET.length ** 2) / JOIN_CODE_ALPHABET.length ** 2;

/** The activity, if `actor` may run its sessions: 403 for who may never, 404 for another's. */
async function managedActivity({ db }: Deps, actor: Actor, experimentId: string): Promise<ExperimentRow> {
  if (!canManageActivities(actor)) throw forbidden();
  if (!UUID.test(experimentId)) throw notFound(ACTIVITY_TEXTS.notFound);
  const [activity] = await db.select().from(experiments).where(eq(experiments.id, experimentId));
  if (!activity || !canRunClassSessions(actor, activity)) throw notFound(ACTIVITY_TEXTS.notFound);
  return activity;
}

async function managedSession(
  { db, store }: Deps,
  actor: Actor,
  sessionId: string,
): Promise<ClassSessionRow> {
  if (!canManageActivities(actor)) throw forbidden();
  const session = UUID.test(sessionId) ? await store.session(sessionId) : undefined;
  if (!session) throw notFound(CLASS_TEXTS.sessionNotFound);
  const [activity] = await db.select().from(experiments).where(eq(experiments.id, session.experimentId));
  if (!activity || !canRunClassSessions(actor, activity)) throw notFound(CLASS_TEXTS.sessionNotFound);
  return session;
}

async function detail(
  { db, store, leias }: Deps,
  session: ClassSessionRow,
  experimentName: string,
): Promise<ClassSessionDetail> {
  const [configs, students, counts] = await Promise.all([
    leias.ofActivity(db, session.experimentId),
    store.students(session.id),
    store.counts(session.id),
  ]);
  const byId = new Map(configs.map((leia) => [leia.configId, leia]));
  return {
    ...toSummary(session, counts),
    experimentName,
    leias: configs.map(({ configId, name, mode }) => ({ configId, name, mode })),
    students: students.map((student) => toLiveRow(student, byId.get(student.configId)!, session)),
    serverNow: new Date().toISOString(),
  };
}

async function insertWithFreeCode(db: Db, values: Omit<typeof classSessions.$inferInsert, 'code'>) {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    try {
      const [row] = await db
        .insert(classSessions)
        .values({ ...values, code: makeJoinCode(randomUnit) })
        .returning();
      return row!;
    } catch (error) {
      if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
    }
  }
  throw new Error('Could not find a free join code');
}

const nameOf = async (db: Db, experimentId: string) =>
  (await db.select({ name: experiments.name }).from(experiments).where(eq(experiments.id, experimentId)))[0]
    ?.name ?? '';

async function list(deps: Deps, actor: Actor, experimentId: string): Promise<ClassSessionSummary[]> {
  await managedActivity(deps, actor, experimentId);
  const rows = await deps.store.sessionsOf(experimentId);
  return rows.map(({ session, counts }) => toSummary(session, counts));
}

async function start(
  deps: Deps,
  actor: Actor,
  experimentId: string,
  body: StartClassSession,
): Promise<ClassSessionDetail> {
  const activity = await managedActivity(deps, actor, experimentId);
  if (!activity.isPublished) throw conflict(CLASS_TEXTS.notPublished);
  const configs = await deps.leias.ofActivity(deps.db, experimentId);
  if (configs.length === 0) throw conflict(CLASS_TEXTS.noLeias);
  const session = await insertWithFreeCode(deps.db, {
    experimentId,
    ownerId: actor.id,
    name: body.name,
    allowRejoin: body.allowRejoin,
    showReport: body.showReport,
    showSolution: body.showSolution,
    identity: body.identity,
    endsAt: body.durationMinutes === undefined ? null : new Date(Date.now() + body.durationMinutes * 60_000),
  });
  return detail(deps, session, activity.name);
}

async function get(deps: Deps, actor: Actor, sessionId: string): Promise<ClassSessionDetail> {
  const session = await managedSession(deps, actor, sessionId);
  return detail(deps, session, await nameOf(deps.db, session.experimentId));
}

async function conversation(
  deps: Deps,
  actor: Actor,
  sessionId: string,
  studentId: string,
): Promise<StudentConversation> {
  const { store, leias } = deps;
  const session = await managedSession(deps, actor, sessionId);
  const student = UUID.test(studentId) ? await store.student(session.id, studentId) : undefined;
  if (!student) throw notFound(CLASS_TEXTS.studentNotFound);
  const leia = await leias.byId(student.configId);
  return {
    student: toLiveRow(student, leia, session),
    conversation: toChatMessages(await store.conversation(student.runnerSessionId)),
    draft: student.draft,
    handIn: student.handIn,
  };
}

async function extend(
  deps: Deps,
  actor: Actor,
  sessionId: string,
  minutes: number,
): Promise<ClassSessionSummary> {
  const session = await managedSession(deps, actor, sessionId);
  if (hasEnded(session)) throw conflict(CLASS_TEXTS.alreadyClosed);
  if (session.endsAt === null) throw conflict(CLASS_TEXTS.noDeadline);
  const [updated] = await deps.db
    .update(classSessions)
    .set({ endsAt: sql`${classSessions.endsAt} + make_interval(mins => ${minutes}::int)` })
    .where(sql`${classSessions.id} = ${session.id} and ${classSessions.closedAt} is null`)
    .returning();
  if (!updated) throw conflict(CLASS_TEXTS.alreadyClosed);
  await deps.live.publishSummary(updated);
  return toSummary(updated, await deps.store.counts(updated.id));
}

async function close(deps: Deps, actor: Actor, sessionId: string): Promise<ClassSessionSummary> {
  const session = await managedSession(deps, actor, sessionId);
  const [updated] = await deps.db
    .update(classSessions)
    .set({ closedAt: new Date() })
    .where(sql`${classSessions.id} = ${session.id} and ${classSessions.closedAt} is null`)
    .returning();
  if (!updated) throw conflict(CLASS_TEXTS.alreadyClosed);
  await deps.live.publishSummary(updated);
  // The drafts are handed in by the sweep, soon, in whichever process runs it first.
  return toSummary(updated, await deps.store.counts(updated.id));
}

/** Whether a watcher gets `event`: with `student`, that student's events only (messages too); else no messages. */
function wantedBy(student: string | undefined, event: LiveEvent): boolean {
  if (student === undefined) return event.event !== CLASS_EVENTS.message;
  if (event.event === CLASS_EVENTS.student || event.event === CLASS_EVENTS.message)
    return event.data.studentId === student;
  return true;
}

/**
 * The live view's events: `snapshot` first, then what happens. Events arriving while the
 * snapshot is read are held and sent after it, so none is lost. `student` narrows the events
 * to one student's (with their messages); without it, messages are not sent.
 */
async function watch(
  deps: Deps,
  actor: Actor,
  sessionId: string,
  student: string | undefined,
  send: ClassListener,
): Promise<() => void> {
  const session = await managedSession(deps, actor, sessionId);
  let held: LiveEvent[] | undefined = [];
  const stop = deps.bus.subscribe(session.id, (event) => {
    if (!wantedBy(student, event)) return;
    if (held) held.push(event);
    else send(event);
  });
  try {
    send({
      event: CLASS_EVENTS.snapshot,
      data: await detail(deps, session, await nameOf(deps.db, session.experimentId)),
    });
  } catch (error) {
    stop();
    throw error;
  }
  for (const event of held) send(event);
  held = undefined;
  return stop;
}

/** Closes sessions past their deadline and hands in the drafts of ended sessions. */
async function sweep({ store, live, students }: Deps): Promise<void> {
  const closed = await store.closeExpired();
  await Promise.all(closed.map((session) => live.publishSummary(session)));
  for (const due of await store.due(SWEEP_BATCH)) {
    await students.settle(due);
  }
}

/** Runs the sweep every SWEEP_MS until stopped (every process runs it: each hand-in happens once). */
function startSweeping(deps: Deps): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep(deps)
      .catch((error) => deps.log.error({ err: error }, 'class session sweep failed'))
      .finally(() => {
        running = false;
      });
  }, SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export function createClassSessionsService(deps: Deps) {
  return {
    list: (actor: Actor, experimentId: string) => list(deps, actor, experimentId),
    start: (actor: Actor, experimentId: string, body: StartClassSession) =>
      start(deps, actor, experimentId, body),
    get: (actor: Actor, sessionId: string) => get(deps, actor, sessionId),
    conversation: (actor: Actor, sessionId: string, studentId: string) =>
      conversation(deps, actor, sessionId, studentId),
    extend: (actor: Actor, sessionId: string, minutes: number) => extend(deps, actor, sessionId, minutes),
    close: (actor: Actor, sessionId: string) => close(deps, actor, sessionId),
    watch: (actor: Actor, sessionId: string, student: string | undefined, send: ClassListener) =>
      watch(deps, actor, sessionId, student, send),
    sweep: () => sweep(deps),
    startSweeping: () => startSweeping(deps),
  };
}

export type ClassSessionsService = ReturnType<typeof createClassSessionsService>;
