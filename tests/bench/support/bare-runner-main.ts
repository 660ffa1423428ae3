import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@server/app';
import type { Config } from '@server/config';
import { users } from '@server/db/schema';
import { createRunnerStore } from '@server/services/runner-store';
import { eq } from 'drizzle-orm';
import { BENCH_LEIA } from './runner-client';

/**
 * The runner benchmark's references (runner.bench.ts "for scale" rows): a chat message served by
 * a bare `node:http` server instead of the product's Fastify app, in a process of its own that
 * speaks server-process.ts's IPC. BARE_RUNNER picks what runs behind it:
 * - `service`: the runner service itself (storing, the model call, the session memory), with no
 *   framework, routing, validation or authentication in front: what they cost is the difference;
 * - `io`: only the I/O a message needs by design, and nothing else of ours: the message's two
 *   database statements (the store's own), one streamed request to the model through Node's HTTP
 *   client, and the events written to the browser. What this costs on a machine is the floor of
 *   the design there (a little low: the model is sent the new message only, not the conversation,
 *   and its answer is passed on without reading its events).
 * POST /sessions/{i}/messages {message}, for i below BARE_SESSIONS (default 20), answers with
 * server-sent events, as the product does.
 */

const config = JSON.parse(process.env.SERVER_CONFIG ?? '{}') as Config;
const variant = process.env.BARE_RUNNER === 'io' ? 'io' : 'service';
const SESSIONS = Number(process.env.BARE_SESSIONS ?? 20);

const app = await buildApp(config);
const [admin] = await app.ctx.db
  .select({ id: users.id })
  .from(users)
  .where(eq(users.email, config.adminEmail ?? ''));
const actor = { id: admin!.id, role: 'admin' as const };
const { runner } = app.ctx.services;
const sessionIds: string[] = [];
for (let i = 0; i < SESSIONS; i++) sessionIds.push((await runner.initialize(actor, BENCH_LEIA)).sessionId);

/**
 * Events as sse.ts writes them: headers with the first, one socket write per turn of the loop,
 * and what is held sent at once when the model has finished (before the reply is stored).
 */
function eventStream(res: ServerResponse) {
  let open = false;
  let corked = false;
  const flush = () => {
    if (!corked) return;
    corked = false;
    res.uncork();
  };
  const send = (event: string, data: unknown) => {
    if (!open) {
      open = true;
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    }
    if (!corked) {
      corked = true;
      res.cork();
      setImmediate(flush);
    }
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  return { send, flush };
}

const readBody = async (req: IncomingMessage) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  return JSON.parse(body) as { message: string };
};

const store = createRunnerStore(app.ctx.db, 'not found');
const lastSeqs = new Map<string, number>();
const model = new URL(`${String(config.llm.baseUrl).replace(/\/+$/, '')}/chat/completions`);
const agent = new Agent({ keepAlive: true });

/** The model's answer, its body forwarded as it arrives (no parsing: the floor). */
const askModel = (message: string, onChunk: (text: string) => void) =>
  new Promise<string>((resolve, reject) => {
    const body = JSON.stringify({
      model: 'fake',
      stream: true,
      messages: [
        { role: 'system', content: 'You are Ana García.' },
        { role: 'user', content: message },
      ],
    });
    const call = request(model, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    call.once('error', reject);
    call.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        onChunk(chunk);
      });
      response.once('end', () => resolve(text));
    });
    call.end(body);
  });

async function serve(sessionId: string, message: string, res: ServerResponse) {
  const { send, flush } = eventStream(res);
  if (variant === 'service') {
    const done = await runner.reply(
      actor.id,
      sessionId,
      { kind: 'message', text: message },
      {
        signal: new AbortController().signal,
        onDelta: (text) => send('delta', { text }),
        onReplyWritten: flush,
      },
    );
    send('done', done);
  } else {
    // As the runner does: the model is asked at once, and its answer passed on once the message is stored.
    let stored = false;
    const held: string[] = [];
    const answer = askModel(message, (chunk) => (stored ? send('delta', { text: chunk }) : held.push(chunk)));
    const seq = await store.sendAfter(actor.id, sessionId, lastSeqs.get(sessionId) ?? 0, message);
    if (seq === undefined) throw new Error('bare runner: the message was not stored');
    stored = true;
    for (const chunk of held) send('delta', { text: chunk });
    const text = await answer;
    flush();
    const reply = await store.append(sessionId, { isLeia: true, text });
    lastSeqs.set(sessionId, reply.seq);
    send('done', { message: text, timestamp: reply.createdAt.toISOString() });
  }
  res.end();
}

const server = createServer((req, res) => {
  const index = Number(/^\/sessions\/(\d+)\/messages$/.exec(req.url ?? '')?.[1]);
  const sessionId = sessionIds[index];
  if (req.method !== 'POST' || sessionId === undefined) {
    res.writeHead(404).end();
    return;
  }
  readBody(req)
    .then(({ message }) => serve(sessionId, message, res))
    .catch((error: unknown) => {
      console.error(error);
      res.destroy();
    });
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));

process.on('message', (message: unknown) => {
  if (message === 'stats') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ stats: { memory: process.memoryUsage() } });
  } else if (message === 'cpu') {
    process.send?.({ cpu: process.cpuUsage() });
  } else if (message === 'stop') {
    server.closeAllConnections();
    server.close();
    void app.close().then(() => process.exit(0));
  }
});
