import type { Actor } from '@shared/permissions';
import {
  type InitializeBody,
  RUNNER_TEXTS,
  type RunnerSession,
  type TranscriptionRequest,
} from '@shared/schemas/runner';
import type { TranscriptionMessage } from '@shared/schemas/transcription';
import type { Db } from '../db/client';
import { modelFailed, notFound } from '../errors';
import { buildSystemPrompt } from '../runner/prompt';
import { isProviderError, type LlmProvider } from '../runner/provider';
import { UUID } from './actor';
import { type RunnerSources, resolveLeiaToRun } from './runner-leia';
import { type StoredSessionSpec, toRunnerSession } from './runner-session-view';
import { createSessionCache, type KnownSession } from './runner-sessions';
import { createRunnerStore } from './runner-store';
import { answerTurn, type ReplyOptions, type Turn, type TurnDeps } from './runner-turn';

/**
 * Chat sessions with a LEIA (docs/architecture.md "The runner"). A session and each of its messages are
 * rows (runner-store.ts), so any server process can serve any request and a restart loses
 * nothing; a turn is runner-turn.ts.
 */
export function createRunnerService(db: Db, provider: LlmProvider, sources: RunnerSources) {
  const deps: TurnDeps = {
    store: createRunnerStore(db, RUNNER_TEXTS.sessionNotFound),
    sessions: createSessionCache(),
    provider,
  };
  return {
    initialize: (actor: Actor, body: InitializeBody) => initialize(deps, sources, actor, body),
    get: (actor: Actor, sessionId: string) => getSession(deps, actor, sessionId),
    reply: (ownerId: string, sessionId: string, turn: Turn, options: ReplyOptions) =>
      answerTurn(deps, ownerId, sessionId, turn, options),
    /** A session another service has just created, empty (a class student's chat): known as `initialize`'s are. */
    adopt: (sessionId: string, known: Omit<KnownSession, 'history'>) =>
      deps.sessions.remember(sessionId, { ...known, history: [] }),
    generateTranscription: (actor: Actor, body: TranscriptionRequest, signal: AbortSignal) =>
      generateTranscription(provider, sources, actor, body, signal),
  };
}

export type RunnerService = ReturnType<typeof createRunnerService>;

/** A new session of the LEIA the body names (or describes), in an activity's context if it gives one. */
async function initialize(
  { store, sessions, provider }: TurnDeps,
  sources: RunnerSources,
  actor: Actor,
  body: InitializeBody,
): Promise<{ sessionId: string }> {
  const context = body.experimentContext;
  if (context && !(await sources.ownsActivityConfig(actor, context))) {
    throw notFound(RUNNER_TEXTS.activityNotFound);
  }
  const run = await resolveLeiaToRun(sources, actor, body);
  const spec: StoredSessionSpec = { metadata: run.name ? { name: run.name } : {}, spec: run.leia };
  const system = buildSystemPrompt(run.leia);
  const sessionId = await store.createSession({
    ownerId: actor.id,
    leiaId: run.leiaId ?? null,
    spec: spec as unknown as Record<string, unknown>,
    systemPrompt: system,
    provider: provider.name,
    model: provider.model,
    experimentContext: body.experimentContext ?? null,
  });
  sessions.remember(sessionId, { ownerId: actor.id, system, leia: run.leia, history: [] });
  return { sessionId };
}

/** The caller's session with its messages; anyone else's is a 404, admins' too. */
async function getSession({ store }: TurnDeps, actor: Actor, sessionId: string): Promise<RunnerSession> {
  if (!UUID.test(sessionId)) throw notFound(RUNNER_TEXTS.sessionNotFound);
  const found = await store.session(actor.id, sessionId);
  if (!found) throw notFound(RUNNER_TEXTS.sessionNotFound);
  return toRunnerSession(found.session, found.messages);
}

/** A whole interview with the LEIA (activity 'Auto Generate'); nothing is stored. */
async function generateTranscription(
  provider: LlmProvider,
  sources: RunnerSources,
  actor: Actor,
  body: TranscriptionRequest,
  signal: AbortSignal,
): Promise<TranscriptionMessage[]> {
  const { leia } = await resolveLeiaToRun(sources, actor, body);
  try {
    return await provider.generateTranscription({ system: buildSystemPrompt(leia), leia, signal });
  } catch (error) {
    if (!isProviderError(error) || signal.aborted) throw error;
    throw modelFailed(error.message);
  }
}
