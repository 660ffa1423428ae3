import type { TranscriptionMessage } from '@shared/schemas/transcription';

/**
 * The one interface both LLM providers implement (docs/architecture.md "The runner"). The runner
 * service stores sessions and messages; a provider only turns a prompt into text.
 */

export type ProviderName = 'simulator' | 'openai-compatible';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * One resolved part of a LEIA. `spec` is typed as `object` on purpose: the generation engine's
 * spec types, rows read back from jsonb and request bodies must all fit without casts. Read
 * fields with `specText` / `specList`.
 */
export interface LeiaPart {
  id?: string;
  metadata?: { name?: string; version?: string };
  spec: object;
}

/** A LEIA after the generation engine ran: extends, overrides and placeholders applied. */
export interface ResolvedLeia {
  persona: LeiaPart;
  problem: LeiaPart;
  behaviour: LeiaPart;
}

export interface ReplyInput {
  /** The session's system prompt (see prompt.ts). */
  system: string;
  /** The whole conversation so far, oldest first, ending with the user's newest message. */
  history: readonly ChatTurn[];
  leia: ResolvedLeia;
  /** Aborting it cancels the request to the model (e.g. the browser went away). */
  signal?: AbortSignal;
  /**
   * Regenerate: the reply being replaced, so a provider that would give the same reply again
   * (the offline simulator) can give another one. A model may ignore it.
   */
  replacing?: string;
}

export interface TranscriptionInput {
  system: string;
  leia: ResolvedLeia;
  signal?: AbortSignal;
}

export interface LlmProvider {
  readonly name: ProviderName;
  /** The model id to record on the session ('offline-simulator' for the simulator). */
  readonly model: string;
  /**
   * Streams the reply as text deltas. Iteration throws a ProviderError on any failure and stops
   * early (cancelling the upstream request) when the signal aborts or the caller stops iterating.
   */
  streamReply(input: ReplyInput): AsyncIterable<string>;
  /** A whole interview with the LEIA, validated with the shared transcription schema. */
  generateTranscription(input: TranscriptionInput): Promise<TranscriptionMessage[]>;
}

/**
 * - timeout: the model sent nothing (first token or next chunk) for the configured time, or the
 *   whole call exceeded its overall limit;
 * - unavailable: the model server could not be reached (refused, DNS, reset before answering);
 * - upstream: the server answered with an HTTP error, a malformed chunk or a stream cut mid-way;
 * - aborted: the caller's signal aborted (nobody is waiting for the answer any more);
 * - invalid-output: the model answered, but not with a usable transcription.
 */
export type ProviderErrorKind = 'timeout' | 'unavailable' | 'upstream' | 'aborted' | 'invalid-output';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  /** The upstream HTTP status, when the model server answered with one. */
  readonly status?: number;

  constructor(kind: ProviderErrorKind, message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    if (options.status !== undefined) this.status = options.status;
  }
}

export const isProviderError = (error: unknown): error is ProviderError => error instanceof ProviderError;

/** Collects a streamed reply, for callers that answer with the whole message at once. */
export async function collectReply(deltas: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const delta of deltas) text += delta;
  return text;
}

/** A string field of a spec, trimmed; '' when absent or not a string. */
export function specText(spec: object, key: string): string {
  const value = (spec as Record<string, unknown>)[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** A list-of-strings field of a spec (e.g. process); [] when absent. */
export function specList(spec: object, key: string): string[] {
  const value = (spec as Record<string, unknown>)[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
