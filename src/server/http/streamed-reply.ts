import { type ChatReply, RUNNER_EVENTS } from '@shared/schemas/runner';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors';
import type { ReplyOptions } from '../services/runner-turn';
import { abortOnDisconnect } from './disconnect';
import { statusOf } from './errors';
import { type EventStream, openEventStream, wantsEventStream } from './sse';

/**
 * A chat turn's answer, as JSON or as server-sent events (RUNNER_EVENTS) when asked with
 * `Accept: text/event-stream`; both share one path: `run` streams into `onDelta`. Used by the
 * runner's routes and by a class student's messages.
 */
export async function answerTurn(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (options: ReplyOptions) => Promise<ChatReply>,
) {
  const signal = abortOnDisconnect(reply);
  if (!wantsEventStream(request)) {
    try {
      return await run({ signal });
    } catch (error) {
      // Nobody is left to answer: the service already stopped the model.
      if (signal.aborted) return reply.hijack();
      throw error;
    }
  }
  // The stream opens with the first delta, so a failure before it is an ordinary JSON error
  // with its real status (400, 404, 502) rather than a 200 stream carrying an error event.
  let stream: EventStream | undefined;
  const events = () => {
    stream ??= openEventStream(reply);
    return stream;
  };
  try {
    const done = await run({
      signal,
      onDelta: (text) => events().send(RUNNER_EVENTS.delta, { text }),
      onReplyWritten: () => stream?.flush(),
    });
    events().send(RUNNER_EVENTS.done, done);
  } catch (error) {
    if (signal.aborted) return reply.hijack();
    if (!stream) throw error;
    if (!(error instanceof DomainError)) request.log.error({ err: error }, 'streamed reply failed');
    const status = error instanceof DomainError ? statusOf(error) : 500;
    const message = error instanceof DomainError ? error.message : 'Internal server error';
    stream.send(RUNNER_EVENTS.error, { message, status });
  }
  stream?.end();
  return reply;
}
