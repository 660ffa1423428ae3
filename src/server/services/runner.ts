import type { Actor } from '@shared/permissions';
import {
  type ChatReply,
  type ExperimentContext,
  type InitializeBody,
  RUNNER_TEXTS,
  type RunnerSession,
  type TranscriptionRequest,
} from '@shared/schemas/runner';
import type { TranscriptionMessage } from '@shared/schemas/transcription';
import { UUID } from '../auth/hooks';
import type { Db } from '../db/client';
import { badRequest, modelFailed, notFound } from '../errors';
import { buildSystemPrompt, toChatTurns } from '../runner/prompt';
import { isProviderError, type LlmProvider, ProviderError, type ResolvedLeia } from '../runner/provider';
import { type RunnerSources, resolveLeiaToRun } from './runner-leia';
import { createRunnerStore, MAX_ATTEMPTS, type StoredMessage } from './runner-store';

/**
 * Chat sessions with a LEIA (docs/architecture.md "The runner"). A session and each of its messages are
 * rows (runner-store.ts), so any server process can serve any request and a restart loses
 * nothing. Nothing is held while the model writes: the user's message is stored before the call,
 * the reply after.
 */

/** What the session row's `spec` column holds: the resolved LEIA, as a LEIA object is shaped. */
interface StoredSessionSpec {
  metadata: { name?: string };
  spec: ResolvedLeia;
}

interface SessionInfo {
  system: string;
  leia: ResolvedLeia;
}

/** Sessions whose prompt and LEIA a process keeps (a few KB each). */
const SESSION_CACHE_SIZE = 5000;

/** The turn to answer: a new user message, or the last one again (Regenerate). */
export type Turn = { kind: 'message'; text: string } | { kind: 'regenerate' };

export interface ReplyOptions {
  /** Aborts the model call: the client went away or stopped the reply. */
  signal: AbortSignal;
  /**
   * Receives the reply as it is written (streaming). Whatever reached it counts as seen by the
   * user: if the client goes away mid-reply, that part is stored as the reply.
   */
  onDelta?: (text: string) => void;
}

/** A turn ready for the model, with what to do with its reply. */
interface PreparedTurn {
  sessionId: string;
  system: string;
  leia: ResolvedLeia;
  history: StoredMessage[];
  /** Regenerate: the LEIA message the new reply replaces, and its text. */
  replaces?: number;
  replacing?: string;
}

const iso = (date: Date) => date.toISOString();

const stoppedError = () => new ProviderError('aborted', 'The request to the language model was cancelled');

export function createRunnerService(db: Db, provider: LlmProvider, sources: RunnerSources) {
  const store = createRunnerStore(db, RUNNER_TEXTS.sessionNotFound);

  /**
   * What never changes once a session starts (its prompt and resolved LEIA), kept per process so a
   * message does not read and parse them again. Bounded: the oldest entries go first. Ownership is
   * still checked by every query.
   */
  const sessions = new Map<string, SessionInfo>();
  const remember = (sessionId: string, row: { systemPrompt?: string; spec?: unknown }): SessionInfo => {
    const info = { system: row.systemPrompt ?? '', leia: (row.spec as StoredSessionSpec).spec };
    if (sessions.size >= SESSION_CACHE_SIZE) sessions.delete(sessions.keys().next().value!);
    sessions.set(sessionId, info);
    return info;
  };

  /**
   * Reads the caller's session (anyone else's is a 404, admins' too) and, for a new message,
   * stores it after the last one in the same round trip. If another message took that place
   * meanwhile, it reads again. A retry of a message whose answer failed finds it as the last,
   * unanswered message and is not stored twice.
   */
  async function prepare(actor: Actor, sessionId: string, turn: Turn): Promise<PreparedTurn> {
    if (!UUID.test(sessionId)) throw notFound(RUNNER_TEXTS.sessionNotFound);
    if (turn.kind === 'regenerate') return prepareRegenerate(actor, sessionId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const cached = sessions.get(sessionId);
      const row = await store.send(actor.id, sessionId, turn.text, !cached);
      if (!row) throw notFound(RUNNER_TEXTS.sessionNotFound);
      const { system, leia } = cached ?? remember(sessionId, row);
      const { history, inserted } = row;
      const prepared = { sessionId, system, leia };
      if (inserted !== null) {
        return { ...prepared, history: [...history, { seq: inserted, isLeia: false, text: turn.text }] };
      }
      const last = history.at(-1);
      if (last !== undefined && !last.isLeia && last.text === turn.text) return { ...prepared, history };
    }
    throw new Error(`Could not store a message in runner session ${sessionId}: too many concurrent writers`);
  }

  /** Regenerate: the conversation up to the last user message, and the reply it replaces. */
  async function prepareRegenerate(actor: Actor, sessionId: string): Promise<PreparedTurn> {
    const session = await store.load(actor.id, sessionId);
    if (!session) throw notFound(RUNNER_TEXTS.sessionNotFound);
    const { history } = session;
    const last = history.at(-1);
    const answered = last?.isLeia ? history.slice(0, -1) : history;
    if (answered.at(-1)?.isLeia !== false) throw badRequest(RUNNER_TEXTS.nothingToAnswer);
    return {
      sessionId,
      system: session.systemPrompt,
      leia: (session.spec as unknown as StoredSessionSpec).spec,
      history: answered,
      ...(last?.isLeia && { replaces: last.seq, replacing: last.text }),
    };
  }

  /** Stores the reply (replacing the regenerated one) and answers it as the API does. */
  const storeReply = async (turn: PreparedTurn, text: string, stopped = false): Promise<ChatReply> => ({
    message: text,
    timestamp: iso(await store.append(turn.sessionId, { isLeia: true, text, stopped }, turn.replaces)),
  });

  return {
    async initialize(actor: Actor, body: InitializeBody): Promise<{ sessionId: string }> {
      const context = body.experimentContext;
      if (context && !(await sources.ownsActivityConfig(actor, context))) {
        throw notFound(RUNNER_TEXTS.activityNotFound);
      }
      const run = await resolveLeiaToRun(sources, actor, body);
      const spec: StoredSessionSpec = { metadata: run.name ? { name: run.name } : {}, spec: run.leia };
      const sessionId = await store.createSession({
        ownerId: actor.id,
        leiaId: run.leiaId ?? null,
        spec: spec as unknown as Record<string, unknown>,
        systemPrompt: buildSystemPrompt(run.leia),
        provider: provider.name,
        model: provider.model,
        experimentContext: body.experimentContext ?? null,
      });
      return { sessionId };
    },

    async get(actor: Actor, sessionId: string): Promise<RunnerSession> {
      if (!UUID.test(sessionId)) throw notFound(RUNNER_TEXTS.sessionNotFound);
      const found = await store.session(actor.id, sessionId);
      if (!found) throw notFound(RUNNER_TEXTS.sessionNotFound);
      const { session, messages } = found;
      const stored = session.spec as unknown as StoredSessionSpec;
      const description = stored.spec.problem.spec as { description?: unknown };
      return {
        sessionId: session.id,
        provider: session.provider as RunnerSession['provider'],
        model: session.model,
        createdAt: iso(session.createdAt),
        leia: {
          ...(session.leiaId && { id: session.leiaId }),
          ...(stored.metadata.name && { name: stored.metadata.name }),
          problemDescription: typeof description.description === 'string' ? description.description : '',
        },
        messages: messages.map((m) => ({
          text: m.text,
          timestamp: iso(m.createdAt),
          isLeia: m.isLeia,
          ...(m.stopped && { stopped: true as const }),
        })),
        ...(session.experimentContext && {
          experimentContext: session.experimentContext as unknown as ExperimentContext,
        }),
      };
    },

    /**
     * Answers a turn: stores the user's message, streams the model's reply through `onDelta` and
     * stores it. The model failing or timing out is a 502 with its message, and the user's message
     * stays stored, unanswered, for the retry. If the client goes away (Stop, Esc, a closed tab)
     * the model call is aborted and, when streaming, what was already sent is stored as the reply
     * marked stopped (nothing when nothing was sent), so a reload shows what the user saw; then
     * this throws the provider's 'aborted' error.
     */
    async reply(actor: Actor, sessionId: string, turn: Turn, options: ReplyOptions): Promise<ChatReply> {
      const prepared = await prepare(actor, sessionId, turn);
      const { signal, onDelta } = options;
      let text = '';
      const stop = async (error: ProviderError): Promise<never> => {
        if (onDelta && text.trim()) await storeReply(prepared, text, true);
        throw error;
      };
      try {
        const deltas = provider.streamReply({
          system: prepared.system,
          history: toChatTurns(prepared.history),
          leia: prepared.leia,
          signal,
          replacing: prepared.replacing,
        });
        for await (const delta of deltas) {
          text += delta;
          onDelta?.(delta);
        }
      } catch (error) {
        if (!isProviderError(error)) throw error;
        if (signal.aborted) return stop(error);
        throw modelFailed(error.message);
      }
      // The stop came as the last words were written: the client never got the reply as done.
      if (signal.aborted && onDelta) return stop(stoppedError());
      if (!text.trim()) throw modelFailed(RUNNER_TEXTS.emptyReply);
      return storeReply(prepared, text);
    },

    /** A whole interview with the LEIA (activity 'Auto Generate'); nothing is stored. */
    async generateTranscription(
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
    },
  };
}

export type RunnerService = ReturnType<typeof createRunnerService>;
