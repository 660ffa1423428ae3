import type { ConversationMessage } from '@shared/evaluation/conversation';
import type { Actor } from '@shared/permissions';
import {
  EVALUATION_TEXTS,
  type Evaluation,
  type EvaluationMethod,
  type EvaluationReport,
  type TranscriptionEvaluationBody,
} from '@shared/schemas/evaluation';
import type { SolutionFormat } from '@shared/schemas/resources';
import { RUNNER_TEXTS } from '@shared/schemas/runner';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type EvaluationRow, evaluations } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { evaluateConversation } from '../evaluation/evaluate';
import type { EvaluationModel } from '../evaluation/model';
import { type LeiaPart, specList, specText } from '../runner/provider';
import { readRules } from '../runner/simulator/game/rules';
import { UUID } from './actor';
import { type RunnerSources, resolveLeiaToRun } from './runner-leia';
import { createRunnerStore } from './runner-store';

/**
 * Elicitation reports of chat sessions and of transcriptions (docs/architecture.md "Evaluation").
 * The rules of reading the LEIA hold: a session is its owner's alone, and a transcription is
 * evaluated against the LEIA as the caller may read it, so an instructor's report is made from the
 * problem without a behaviour's hidden text (the solution they may see). Reports are rows, read
 * back only by whoever made them.
 */

/**
 * The problem's solution and format, and for a guessing game its rules' question count (a game is
 * scored as a game); a 400 when there is nothing to compare with.
 */
export function solutionOf(problem: LeiaPart): {
  solution: string;
  solutionFormat: SolutionFormat;
  game?: { limit?: number };
} {
  const solution = specText(problem.spec, 'solution');
  if (solution === '') throw badRequest(EVALUATION_TEXTS.noSolution);
  const format = specText(problem.spec, 'solutionFormat') as SolutionFormat;
  const isGame = specList(problem.spec, 'process').includes('game');
  const limit = isGame
    ? readRules(specText(problem.spec, 'details'), specText(problem.spec, 'description')).limit
    : undefined;
  return {
    solution,
    solutionFormat: format || 'text',
    ...(isGame && { game: limit === undefined ? {} : { limit } }),
  };
}

const toEvaluation = (row: EvaluationRow): Evaluation => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  source: row.sessionId ? 'session' : 'transcription',
  ...(row.sessionId && { sessionId: row.sessionId }),
  leia: { ...(row.leiaId && { id: row.leiaId }), ...(row.leiaName && { name: row.leiaName }) },
  report: row.report as unknown as EvaluationReport,
});

interface StoredSession {
  metadata?: { name?: string };
  spec?: { problem?: LeiaPart };
}

/** A conversation scored against the problem's solution; one without a LEIA reply is a 400. */
function evaluateMessages(
  model: EvaluationModel | undefined,
  messages: readonly ConversationMessage[],
  problem: LeiaPart,
  method: EvaluationMethod | undefined,
  signal: AbortSignal | undefined,
) {
  const solution = solutionOf(problem);
  if (!messages.some((message) => message.isLeia)) throw badRequest(EVALUATION_TEXTS.noLeiaReply);
  return evaluateConversation({ ...solution, messages }, { model, method, signal });
}

async function storeEvaluation(db: Db, values: typeof evaluations.$inferInsert): Promise<Evaluation> {
  const [row] = await db.insert(evaluations).values(values).returning();
  return toEvaluation(row!);
}

/** A report of the caller's (404 otherwise). */
async function getEvaluation(db: Db, actor: Actor, id: string): Promise<Evaluation> {
  const [row] = UUID.test(id)
    ? await db
        .select()
        .from(evaluations)
        .where(and(eq(evaluations.id, id), eq(evaluations.ownerId, actor.id)))
    : [];
  if (!row) throw notFound(EVALUATION_TEXTS.evaluationNotFound);
  return toEvaluation(row);
}

export function createEvaluationsService(
  db: Db,
  deps: { sources: RunnerSources; model?: EvaluationModel | undefined },
) {
  const sessions = createRunnerStore(db, RUNNER_TEXTS.sessionNotFound);

  const evaluate = (
    messages: readonly ConversationMessage[],
    problem: LeiaPart,
    method: EvaluationMethod | undefined,
    signal: AbortSignal | undefined,
  ) => evaluateMessages(deps.model, messages, problem, method, signal);
  const store = (values: typeof evaluations.$inferInsert) => storeEvaluation(db, values);

  async function ownSession(actor: Actor, sessionId: string) {
    const found = UUID.test(sessionId) ? await sessions.session(actor.id, sessionId) : undefined;
    if (!found) throw notFound(RUNNER_TEXTS.sessionNotFound);
    return found;
  }

  return {
    /** The session's stored messages against the solution the session was started with. */
    async evaluateSession(
      actor: Actor,
      sessionId: string,
      body: { method?: EvaluationMethod | undefined },
      signal?: AbortSignal,
    ): Promise<Evaluation> {
      const { session, messages } = await ownSession(actor, sessionId);
      const stored = session.spec as StoredSession;
      const problem = stored.spec?.problem ?? { spec: {} };
      const report = await evaluate(messages, problem, body.method, signal);
      return store({
        ownerId: actor.id,
        sessionId,
        leiaId: session.leiaId,
        leiaName: stored.metadata?.name ?? null,
        method: report.method,
        report: report as unknown as Record<string, unknown>,
      });
    },

    async listForSession(actor: Actor, sessionId: string): Promise<Evaluation[]> {
      await ownSession(actor, sessionId);
      const rows = await db
        .select()
        .from(evaluations)
        .where(and(eq(evaluations.sessionId, sessionId), eq(evaluations.ownerId, actor.id)))
        .orderBy(desc(evaluations.createdAt), desc(evaluations.id));
      return rows.map(toEvaluation);
    },

    /** A transcription of an interview with a stored LEIA the caller may read. */
    async evaluateTranscription(
      actor: Actor,
      body: TranscriptionEvaluationBody,
      signal?: AbortSignal,
    ): Promise<Evaluation> {
      const run = await resolveLeiaToRun(deps.sources, actor, { leia: body.leia });
      const report = await evaluate(body.messages, run.leia.problem, body.method, signal);
      return store({
        ownerId: actor.id,
        leiaId: run.leiaId ?? null,
        leiaName: run.name ?? null,
        method: report.method,
        report: report as unknown as Record<string, unknown>,
      });
    },

    get: (actor: Actor, id: string) => getEvaluation(db, actor, id),
  };
}

export type EvaluationsService = ReturnType<typeof createEvaluationsService>;
