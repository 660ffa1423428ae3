import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/** Smaller bodies cost more to compress than to send. */
const MIN_BYTES = 1024;

/**
 * Compressed forms of bodies that are sent again and again as the same Buffer (the LEIA lists'
 * pages kept whole, services/leia-list-cache.ts): each is compressed once, off the event loop, and
 * forgotten with its body.
 */
const compressed = new WeakMap<Buffer, Promise<Buffer>>();

/** Whether the client takes gzip (every browser says so; `gzip;q=0` refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends a prepared JSON body, gzipped when the client takes it. A 500 KB page of LEIAs with their
 * specs is about a tenth of that gzipped, and on a loopback or a phone's network the bytes are what
 * a large page costs (docs/perf-notes.md, issue 28).
 */
export async function sendJsonBody(request: FastifyRequest, reply: FastifyReply, body: Buffer) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (body.length < MIN_BYTES || !acceptsGzip(request.headers['accept-encoding'])) return reply.send(body);
  let zipped = compressed.get(body);
  if (!zipped) {
    zipped = gzipAsync(body);
    compressed.set(body, zipped);
  }
  return reply.header('content-encoding', 'gzip').send(await zipped);
}
