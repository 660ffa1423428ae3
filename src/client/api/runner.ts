import {
  type ChatReply,
  chatReplySchema,
  deltaEventSchema,
  errorEventSchema,
  type InitializeBody,
  type InitializeResponse,
  RUNNER_EVENTS,
  type RunnerSession,
  type TranscriptionRequest,
} from '@shared/schemas/runner';
import type { Transcription } from '@shared/schemas/transcription';
import { type CallOptions, clientFor } from './client';
import { isEventStreamBody, parseEventData, readEventStream } from './sse';

/**
 * The runner calls (contract in src/shared/schemas/runner.ts). Streaming calls go
 * through the same ofetch client as everything else, so the bearer token and the 401/403 rules
 * apply unchanged: ofetch hands back the body of a text/event-stream response as a stream (and
 * parses a JSON error response into a FetchError as usual), and `readEventStream` reads it.
 */

/**
 * What to try: `{leia: id}` (a stored LEIA) or `{spec: {persona, problem, behaviour}}` (the design
 * wizard's unsaved LEIA), optionally with the activity's `experimentContext`.
 */
export type { ChatReply, InitializeBody, RunnerSession };

export interface StreamOptions extends CallOptions {
  /** Each piece of the reply, in order, as it arrives. */
  onDelta?: (text: string) => void;
}

/** A reply that failed after its stream had started: the same fields a JSON error has. */
export class ReplyStreamError extends Error {
  override readonly name = 'ReplyStreamError';
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

const sessionPath = (sessionId: string) => `/runner/${encodeURIComponent(sessionId)}`;

export const initializeSession = (body: InitializeBody, options?: CallOptions) =>
  clientFor(options)<InitializeResponse>('/runner/initialize', {
    method: 'POST',
    body,
    signal: options?.signal,
  });

export const getSession = (sessionId: string, options?: CallOptions) =>
  clientFor(options)<RunnerSession>(sessionPath(sessionId), { signal: options?.signal });

/** POST /runner/transcriptions/generate: a whole interview with the LEIA, made by the model. */
export const generateTranscription = (body: TranscriptionRequest, options?: CallOptions) =>
  clientFor(options)<Transcription>('/runner/transcriptions/generate', {
    method: 'POST',
    body,
    signal: options?.signal,
  });

/** POST /runner/{id}/messages, streamed. Resolves with the whole reply as the server stored it. */
export const sendMessage = (sessionId: string, message: string, options: StreamOptions = {}) =>
  streamReply(`${sessionPath(sessionId)}/messages`, { message }, options);

/** POST /runner/{id}/regenerate, streamed: the last reply made again. */
export const regenerateReply = (sessionId: string, options: StreamOptions = {}) =>
  streamReply(`${sessionPath(sessionId)}/regenerate`, undefined, options);

/** A streamed reply to POST `path` (the runner's, and a class student's messages). */
export async function streamReply(
  path: string,
  body: object | undefined,
  options: StreamOptions,
): Promise<ChatReply> {
  const response = await clientFor(options).raw<unknown>(path, {
    method: 'POST',
    body,
    headers: { accept: 'text/event-stream' },
    signal: options.signal,
  });
  const data = response._data;
  // A server (or a proxy) that answered with one JSON body: the whole reply at once.
  if (!isEventStreamBody(data)) {
    const reply = chatReplySchema.parse(data);
    options.onDelta?.(reply.message);
    return reply;
  }

  let reply: ChatReply | undefined;
  let failure: ReplyStreamError | undefined;
  await readEventStream(
    data,
    ({ event, data: payload }) => {
      const value = parseEventData(payload);
      if (event === RUNNER_EVENTS.delta) {
        const delta = deltaEventSchema.safeParse(value);
        if (delta.success && delta.data.text !== '') options.onDelta?.(delta.data.text);
      } else if (event === RUNNER_EVENTS.done) {
        const done = chatReplySchema.safeParse(value);
        if (done.success) reply = done.data;
      } else if (event === RUNNER_EVENTS.error) {
        const error = errorEventSchema.safeParse(value);
        failure = error.success
          ? new ReplyStreamError(error.data.message, error.data.status)
          : new ReplyStreamError('The reply failed', 502);
      }
    },
    options.signal,
  );
  if (failure) throw failure;
  // No status: the connection ended before the reply did, as when the server went away.
  if (!reply) throw new ReplyStreamError('The reply ended before it was complete');
  return reply;
}
