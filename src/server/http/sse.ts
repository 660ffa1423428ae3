import type { FastifyReply, FastifyRequest } from 'fastify';

/** A comment line this often keeps proxies from closing a quiet stream (the live views'). */
export const KEEP_ALIVE_MS = 25_000;

/** Whether the caller asked for server-sent events rather than one JSON body. */
export const wantsEventStream = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').includes('text/event-stream');

export interface EventStream {
  send(event: string, data: unknown): void;
  /** Sends what is held now instead of at the end of this turn of the event loop. */
  flush(): void;
  end(): void;
}

/**
 * Takes the response over from Fastify and starts a text/event-stream. The headers Fastify's hooks
 * already set (helmet's) are kept. Nothing waits for more data before sending (Node sets noDelay),
 * which is what makes the first token reach the browser without waiting for the next.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const res = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) res.setHeader(name, value);
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx and similar proxies buffer responses unless told not to.
    'x-accel-buffering': 'no',
  });
  // Events written in the same turn of the event loop (a burst of tokens from one network read,
  // handed on across several promise jobs) leave in one socket write: the turn ends before
  // anything waits, so the first token is not delayed, and a socket write costs far more than
  // the event it carries (tests/bench/runner.bench.ts).
  let corked = false;
  const flush = () => {
    corked = false;
    if (!res.writableEnded) res.uncork();
  };
  return {
    send(event, data) {
      if (res.writableEnded) return;
      if (!corked) {
        corked = true;
        res.cork();
        setImmediate(flush);
      }
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    flush() {
      if (corked) flush();
    },
    end() {
      if (!res.writableEnded) res.end();
    },
  };
}
