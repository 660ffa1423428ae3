import type { Actor } from '@shared/permissions';
import {
  type ChatReply,
  type InitializeBody,
  RUNNER_TEXTS,
  type RunnerSession,
  type TranscriptionRequest,
} from '@shared/schemas/runner';
import type { TranscriptionMessage } from '@shared/schemas/transcription';
import type { Db } from '../db/client';
import { badRequest, modelFailed, notFound } from '../errors';
import { buildSystemPrompt, toChatTurns } from '../runner/prompt';
import { isProviderError, type LlmProvider, ProviderError, type ResolvedLeia } from '../runner/provider';
import { UUID } from './actor';
import { type RunnerSources, resolveLeiaToRun } from './runner-leia';
import { type StoredSessionSpec, toRunnerSession } from './runner-session-view';
import { createSessionCache } from './runner-sessions';
import { createRunnerStore, MAX_ATTEMPTS, type StoredMessage } from './runner-store';

/**
 * Chat sessions with a LEIA (docs/architecture.md "The runner"). A session and each of its messages are
 * rows (runner-store.ts), so any server process can serve any request and a restart loses
 * nothing. Nothing is held while the model writes: the user's message is stored while the model
 * is called (before anything of the reply is passed on), the reply after.
 */

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
  /**
   * Told when the model has written the whole reply, before it is stored: a stream sends what it
   * holds now, so the last words do not wait for the database write (tests/bench/runner.bench.ts).
   */
  onReplyWritten?: () => void;
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

  const sessions = createSessionCache();
  const remember = (ownerId: string, sessionId: string, row: { systemPrompt?: string; spec?: unknown }) => {
    const known = { ownerId, system: row.systemPrompt ?? '', leia: (row.spec as StoredSessionSpec).spec };
    sessions.remember(sessionId, known);
    return known;
  };

  /**
   * Reads the caller's session (anyone else's is a 404, admins' too) and, for a new message,
   * stores it after the last one in the same round trip. If another message took that place
   * meanwhile, it reads again. A retry of a message whose answer failed finds it as the last,
   * unanswered message and is not stored twice.
   */
  async function prepare(ownerId: string, sessionId: string, turn: Turn): Promise<PreparedTurn> {
    if (turn.kind === 'regenerate') return prepareRegenerate(ownerId, sessionId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const cached = sessions.get(sessionId);
      const row = await store.send(ownerId, sessionId, turn.text, !cached);
      if (!row) throw notFound(RUNNER_TEXTS.sessionNotFound);
      const { system, leia } = cached ?? remember(ownerId, sessionId, row);
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

  /** The model's reply to a prepared turn, as deltas; the call starts at the first `next()`. */
  const callModel = (turn: PreparedTurn, signal: AbortSignal): AsyncIterable<string> =>
    provider.streamReply({
      system: turn.system,
      history: toChatTurns(turn.history),
      leia: turn.leia,
      signal,
      replacing: turn.replacing,
    });

  /**
   * Prepares a turn and starts the model call. When this process knows the conversation (it
   * stored the last reply itself), the call starts at once and the message is stored meanwhile:
   * the database answers long before the model's first token, and nothing of the reply is passed
   * on before it has. If the message was not stored as known (another process or request wrote to
   * the session, or it is not the caller's), that call is cancelled and the turn prepared afresh.
   */
  async function start(ownerId: string, sessionId: string, turn: Turn, signal: AbortSignal) {
    if (!UUID.test(sessionId)) throw notFound(RUNNER_TEXTS.sessionNotFound);
    const early = turn.kind === 'message' && (await startFromMemory(ownerId, sessionId, turn.text, signal));
    if (early) return early;
    const prepared = await prepare(ownerId, sessionId, turn);
    return { prepared, deltas: callModel(prepared, signal) };
  }

  /** See start: the call made with the conversation this process remembers, if it could be. */
  async function startFromMemory(ownerId: string, sessionId: string, text: string, signal: AbortSignal) {
    const known = sessions.get(sessionId);
    const history = known?.history;
    const last = history?.at(-1);
    // A retry (the last message is the user's, unanswered) takes the reading path, which finds it.
    if (!history || known.ownerId !== ownerId || last?.isLeia === false) return undefined;
    const lastSeq = last?.seq ?? 0;
    const prepared: PreparedTurn = {
      sessionId,
      system: known.system,
      leia: known.leia,
      history: [...history, { seq: lastSeq + 1, isLeia: false, text }],
    };
    const early = new AbortController();
    const deltas = callModel(prepared, AbortSignal.any([signal, early.signal]))[Symbol.asyncIterator]();
    const first = deltas.next();
    // Awaited below, or abandoned (its error is the cancellation's): never an unhandled rejection.
    first.catch(() => {});
    const cancel = () => {
      early.abort();
      void deltas.return?.()?.catch(() => {});
      sessions.forgetHistory(sessionId);
    };
    let stored: number | undefined;
    try {
      stored = await store.sendAfter(ownerId, sessionId, lastSeq, text);
    } catch (error) {
      cancel();
      throw error;
    }
    if (stored !== undefined) return { prepared, deltas: resumed(first, deltas) };
    cancel();
    return undefined;
  }

  /** Regenerate: the conversation up to the last user message, and the reply it replaces. */
  async function prepareRegenerate(ownerId: string, sessionId: string): Promise<PreparedTurn> {
    const session = await store.load(ownerId, sessionId);
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

  /**
   * Stores the reply (replacing the regenerated one) and answers it as the API does. The
   * conversation is known to this process only if the reply came right after the user's message.
   */
  const storeReply = async (turn: PreparedTurn, text: string, stopped = false): Promise<ChatReply> => {
    const reply = { isLeia: true, text, stopped };
    const { seq, createdAt } = await store.append(turn.sessionId, reply, turn.replaces);
    if (!stopped && turn.replaces === undefined && seq === turn.history.at(-1)!.seq + 1)
      sessions.setHistory(turn.sessionId, [...turn.history, { seq, isLeia: true, text }]);
    else sessions.forgetHistory(turn.sessionId);
    return { message: text, timestamp: iso(createdAt) };
  };

  return {
    async initialize(actor: Actor, body: InitializeBody): Promise<{ sessionId: string }> {
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
    },

    async get(actor: Actor, sessionId: string): Promise<RunnerSession> {
      if (!UUID.test(sessionId)) throw notFound(RUNNER_TEXTS.sessionNotFound);
      const found = await store.session(actor.id, sessionId);
      if (!found) throw notFound(RUNNER_TEXTS.sessionNotFound);
      return toRunnerSession(found.session, found.messages);
    },

    /**
     * Answers a turn: stores the user's message, streams the model's reply through `onDelta` and
     * stores it. The model failing or timing out is a 502 with its message, and the user's message
     * stays stored, unanswered, for the retry. If the client goes away (Stop, Esc, a closed tab)
     * the model call is aborted and, when streaming, what was already sent is stored as the reply
     * marked stopped (nothing when nothing was sent), so a reload shows what the user saw; then
     * this throws the provider's 'aborted' error.
     */
    async reply(ownerId: string, sessionId: string, turn: Turn, options: ReplyOptions): Promise<ChatReply> {
      const { signal, onDelta, onReplyWritten } = options;
      const { prepared, deltas } = await start(ownerId, sessionId, turn, signal);
      let text = '';
      const stop = async (error: ProviderError): Promise<never> => {
        if (onDelta && text.trim()) await storeReply(prepared, text, true);
        else sessions.forgetHistory(sessionId);
        throw error;
      };
      try {
        for await (const delta of deltas) {
          text += delta;
          onDelta?.(delta);
        }
      } catch (error) {
        sessions.forgetHistory(sessionId);
        if (!isProviderError(error)) throw error;
        if (signal.aborted) return stop(error);
        throw modelFailed(error.message);
      }
      onReplyWritten?.();
      // The stop came as the last words were written: the client never got the reply as done.
      if (signal.aborted && onDelta) return stop(stoppedError());
      if (!text.trim()) {
        sessions.forgetHistory(sessionId);
        throw modelFailed(RUNNER_TEXTS.emptyReply);
      }
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

/** The deltas of a reply whose first `next()` was already asked for; stopping early stops the call. */
async function* resumed(first: Promise<IteratorResult<string>>, deltas: AsyncIterator<string>) {
  let done = false;
  try {
    for (let step = await first; !step.done; step = await deltas.next()) yield step.value;
    done = true;
  } finally {
    if (!done) await deltas.return?.();
  }
}
