import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client goes away before the response is complete (the browser tab
 * closed, fetch aborted, Esc in the chat). 'close' on the response fires for a finished response
 * too, hence the writableEnded check.
 */
export function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
}

/**
 * Runs work that takes a while (a judge's call, a generated transcription, a model's reply) with
 * a signal that aborts when the client goes away; if it does, the work is stopped and nobody is
 * answered.
 */
export async function unlessGone<T>(
  reply: FastifyReply,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T | FastifyReply> {
  const signal = abortOnDisconnect(reply);
  try {
    return await work(signal);
  } catch (error) {
    if (signal.aborted) return reply.hijack();
    throw error;
  }
}
