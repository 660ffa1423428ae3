import type { ClassSessionInfo } from '@shared/class-export';
import { CLASS_TEXTS } from '@shared/class-sessions';
import type { ClassReportInput, ClassSolution, ClassStudentInput } from '@shared/evaluation/class-inputs';
import { type GrowingMeasurer, growingMeasurer } from '@shared/evaluation/growing-measure';
import { type Actor, canManageActivities, canRunClassSessions } from '@shared/permissions';
import type { EvaluationReport } from '@shared/schemas/evaluation';
import type { HandInGrade } from '@shared/schemas/grading';
import type { ChatMessage } from '@shared/schemas/runner';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  type ClassSessionRow,
  type ClassStudentRow,
  classSessions,
  classStudents,
  experiments,
  runnerMessages,
} from '../db/schema';
import { forbidden, notFound } from '../errors';
import { serverLexicon } from '../lexicon';
import { UUID } from './actor';
import type { ClassLeia, ClassLeias } from './class-leias';
import { toChatMessages } from './class-live';
import { solutionOf } from './evaluations';

/**
 * What the class reports read (docs/architecture.md "Class reports"): a session its instructor may
 * manage, its students' rows and conversations, turned into the plain inputs of
 * @shared/evaluation/class-report. A conversation not yet handed in is measured offline as it grows
 * (growing-measure.ts: a live report of 200 students would otherwise measure every conversation
 * again, whole, at every load).
 */

export interface SessionData {
  session: ClassSessionRow;
  info: ClassSessionInfo;
  configs: ClassLeia[];
  rows: ClassStudentRow[];
  input: ClassReportInput;
}

const solutionOfConfig = (leia: ClassLeia): ClassSolution | undefined =>
  leia.solution === '' ? undefined : { text: leia.solution, format: leia.solutionFormat };

/** The session, if `actor` may manage its activity: 403 for who may never, 404 otherwise. */
export async function managedSession(db: Db, actor: Actor, sessionId: string) {
  if (!canManageActivities(actor)) throw forbidden();
  const [session] = UUID.test(sessionId)
    ? await db.select().from(classSessions).where(eq(classSessions.id, sessionId))
    : [];
  if (!session) throw notFound(CLASS_TEXTS.sessionNotFound);
  const [activity] = await db.select().from(experiments).where(eq(experiments.id, session.experimentId));
  if (!activity || !canRunClassSessions(actor, activity)) throw notFound(CLASS_TEXTS.sessionNotFound);
  return { session, activityName: activity.name };
}

/** Every student's messages in one query, by runner session. */
async function conversations(db: Db, rows: ClassStudentRow[]) {
  const ids = rows.flatMap((row) => (row.runnerSessionId ? [row.runnerSessionId] : []));
  const messages =
    ids.length === 0
      ? []
      : await db
          .select({
            sessionId: runnerMessages.sessionId,
            isLeia: runnerMessages.isLeia,
            text: runnerMessages.text,
            stopped: runnerMessages.stopped,
            createdAt: runnerMessages.createdAt,
          })
          .from(runnerMessages)
          .where(inArray(runnerMessages.sessionId, ids))
          .orderBy(asc(runnerMessages.sessionId), asc(runnerMessages.seq));
  const bySession = new Map<string, typeof messages>();
  for (const message of messages) {
    const list = bySession.get(message.sessionId) ?? [];
    list.push(message);
    bySession.set(message.sessionId, list);
  }
  return bySession;
}

function studentInput(
  row: ClassStudentRow,
  leia: ClassLeia,
  messages: ChatMessage[],
  report: EvaluationReport | null,
): ClassStudentInput {
  return {
    id: row.id,
    name: row.displayName,
    ...(row.email !== null && { email: row.email }),
    leia: { configId: leia.configId, name: leia.name },
    joinedAt: row.joinedAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    handedInAt: row.handedInAt ? row.handedInAt.toISOString() : null,
    autoHandedIn: row.autoHandedIn,
    messages,
    draft: row.draft,
    handIn: row.handIn,
    grade: (row.grade as unknown as HandInGrade | null) ?? null,
    elicitation: report,
  };
}

const infoOf = (session: ClassSessionRow, activity: string): ClassSessionInfo => ({
  id: session.id,
  name: session.name,
  activity,
  createdAt: session.createdAt.toISOString(),
  closedAt: session.closedAt ? session.closedAt.toISOString() : null,
  identity: session.identity,
});

/**
 * The offline elicitation report of a conversation, as `class-live.ts` `elicitation` makes it at
 * hand-in (a test holds them equal); null when the problem has no solution.
 */
function measureOffline(
  row: ClassStudentRow,
  leia: ClassLeia,
  messages: ChatMessage[],
  measure: GrowingMeasurer,
) {
  if (leia.solution === '' || leia.mode === 'transcription') return null;
  const { solution, solutionFormat, game } = solutionOf(leia.problem);
  return measure(row.id, { solution, solutionFormat, messages, ...(game && { game }) });
}

export function createClassReportInputs(db: Db, leias: ClassLeias) {
  /** Each student's conversation, measured on from where it was left as it grows. */
  const measure = growingMeasurer(serverLexicon());

  /** The stored report (made at hand-in), else the conversation measured now. */
  function elicitationOf(row: ClassStudentRow, leia: ClassLeia, messages: ChatMessage[]) {
    if (row.report) return row.report as unknown as EvaluationReport;
    return measureOffline(row, leia, messages, measure);
  }

  /** Everything a report or an export of the session reads. */
  async function load(actor: Actor, sessionId: string): Promise<SessionData> {
    const { session, activityName } = await managedSession(db, actor, sessionId);
    const [configs, rows] = await Promise.all([
      leias.ofActivity(db, session.experimentId),
      db
        .select()
        .from(classStudents)
        .where(eq(classStudents.sessionId, session.id))
        .orderBy(asc(classStudents.joinedAt), asc(classStudents.id)),
    ]);
    const byConfig = new Map(configs.map((leia) => [leia.configId, leia]));
    const chats = await conversations(db, rows);
    const students = rows.map((row) => {
      const leia = byConfig.get(row.configId)!;
      const messages = toChatMessages(chats.get(row.runnerSessionId ?? '') ?? []);
      return studentInput(row, leia, messages, elicitationOf(row, leia, messages));
    });
    return {
      session,
      configs,
      rows,
      info: infoOf(session, activityName),
      input: {
        sessionId: session.id,
        leias: configs.map((leia) => ({ configId: leia.configId, name: leia.name })),
        solutions: Object.fromEntries(configs.map((leia) => [leia.configId, solutionOfConfig(leia)])),
        students,
        now: new Date(),
      },
    };
  }

  /** One student's input, as `load` makes it, and their LEIA's solution (their own report). */
  async function ofStudent(row: ClassStudentRow) {
    const leia = await leias.byId(row.configId);
    const chats = await conversations(db, [row]);
    const messages = toChatMessages(chats.get(row.runnerSessionId ?? '') ?? []);
    return {
      input: studentInput(row, leia, messages, elicitationOf(row, leia, messages)),
      solution: solutionOfConfig(leia),
    };
  }

  return {
    managedSession: (actor: Actor, sessionId: string) => managedSession(db, actor, sessionId),
    load,
    ofStudent,
  };
}

export type ClassReportInputs = ReturnType<typeof createClassReportInputs>;
