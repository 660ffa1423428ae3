import { type ChatReply, RUNNER_TEXTS } from '@shared/schemas/runner';
import { badRequest, modelFailed, notFound } from '../errors';
import { toChatTurns } from '../runner/prompt';
import { isProviderError, type LlmProvider, ProviderError, type ResolvedLeia } from '../runner/provider';
import { UUID } from './actor';
import type { StoredSessionSpec } from './runner-session-view';
import type { SessionCache } from './runner-sessions';
import { MAX_ATTEMPTS, type RunnerStore, type StoredMessage } from './runner-store';

/**
 * One chat turn (docs/architecture.md "The runner"): store the user's message, call the model,
 * pass its reply on as it is written, store the reply. Nothing is held while the model writes: the
 * user's message is stored while the model is called (before anything of the reply is passed on),
 * the reply after.
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

/** What a turn works with: the session rows, what this process remembers of them, the model. */
export interface TurnDeps {
  store: RunnerStore;
  sessions: SessionCache;
  provider: LlmProvider;
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

const stoppedError = () => new ProviderError('aborted', 'The request to the language model was cancelled');

/**
 * Answers a turn: stores the user's message, streams the model's reply through `onDelta` and
 * stores it. The model failing or timing out is a 502 with its message, and the user's message
 * stays stored, unanswered, for the retry. If the client goes away (Stop, Esc, a closed tab)
 * the model call is aborted and, when streaming, what was already sent is stored as the reply
 * marked stopped (nothing when nothing was sent), so a reload shows what the user saw; then
 * this throws the provider's 'aborted' error.
 */
export async function answerTurn(
  deps: TurnDeps,
  ownerId: string,
  sessionId: string,
  turn: Turn,
  options: ReplyOptions,
): Promise<ChatReply> {
  const { signal, onDelta, onReplyWritten } = options;
  const { sessions } = deps;
  const { prepared, deltas } = await start(deps, ownerId, sessionId, turn, signal);
  let text = '';
  const stop = async (error: ProviderError): Promise<never> => {
    if (onDelta && text.trim()) await storeReply(deps, prepared, text, true);
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
  return storeReply(deps, prepared, text);
}

/**
 * Prepares a turn and starts the model call. When this process knows the conversation (it
 * stored the last reply itself), the call starts at once and the message is stored meanwhile:
 * the database answers long before the model's first token, and nothing of the reply is passed
 * on before it has. If the message was not stored as known (another process or request wrote to
 * the session, or it is not the caller's), that call is cancelled and the turn prepared afresh.
 */
async function start(deps: TurnDeps, ownerId: string, sessionId: string, turn: Turn, signal: AbortSignal) {
  if (!UUID.test(sessionId)) throw notFound(RUNNER_TEXTS.sessionNotFound);
  const early =
    turn.kind === 'message' && (await startFromMemory(deps, ownerId, sessionId, turn.text, signal));
  if (early) return early;
  const prepared = await prepare(deps, ownerId, sessionId, turn);
  return { prepared, deltas: callModel(deps, prepared, signal) };
}

/** The model's reply to a prepared turn, as deltas; the call starts at the first `next()`. */
const callModel = ({ provider }: TurnDeps, turn: PreparedTurn, signal: AbortSignal): AsyncIterable<string> =>
  provider.streamReply({
    system: turn.system,
    history: toChatTurns(turn.history),
    leia: turn.leia,
    signal,
    replacing: turn.replacing,
  });

/** See start: the call made with the conversation this process remembers, if it could be. */
async function startFromMemory(
  deps: TurnDeps,
  ownerId: string,
  sessionId: string,
  text: string,
  signal: AbortSignal,
) {
  const { store, sessions } = deps;
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
  const deltas = callModel(deps, prepared, AbortSignal.any([signal, early.signal]))[Symbol.asyncIterator]();
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

/**
 * Reads the caller's session (anyone else's is a 404, admins' too) and, for a new message,
 * stores it after the last one in the same round trip. If another message took that place
 * meanwhile, it reads again. A retry of a message whose answer failed finds it as the last,
 * unanswered message and is not stored twice.
 */
async function prepare(
  deps: TurnDeps,
  ownerId: string,
  sessionId: string,
  turn: Turn,
): Promise<PreparedTurn> {
  if (turn.kind === 'regenerate') return prepareRegenerate(deps, ownerId, sessionId);
  const { store, sessions } = deps;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const cached = sessions.get(sessionId);
    const row = await store.send(ownerId, sessionId, turn.text, !cached);
    if (!row) throw notFound(RUNNER_TEXTS.sessionNotFound);
    const { system, leia } = cached ?? remember(sessions, ownerId, sessionId, row);
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

/** What never changes in a session, kept by this process once it read it. */
function remember(
  sessions: SessionCache,
  ownerId: string,
  sessionId: string,
  row: { systemPrompt?: string; spec?: unknown },
) {
  const known = { ownerId, system: row.systemPrompt ?? '', leia: (row.spec as StoredSessionSpec).spec };
  sessions.remember(sessionId, known);
  return known;
}

/** Regenerate: the conversation up to the last user message, and the reply it replaces. */
async function prepareRegenerate(
  { store }: TurnDeps,
  ownerId: string,
  sessionId: string,
): Promise<PreparedTurn> {
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
async function storeReply(
  { store, sessions }: TurnDeps,
  turn: PreparedTurn,
  text: string,
  stopped = false,
): Promise<ChatReply> {
  const reply = { isLeia: true, text, stopped };
  const { seq, createdAt } = await store.append(turn.sessionId, reply, turn.replaces);
  if (!stopped && turn.replaces === undefined && seq === turn.history.at(-1)!.seq + 1)
    sessions.setHistory(turn.sessionId, [...turn.history, { seq, isLeia: true, text }]);
  else sessions.forgetHistory(turn.sessionId);
  return { message: text, timestamp: createdAt.toISOString() };
}

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
