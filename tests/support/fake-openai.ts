import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { chunkWords } from '@server/runner/simulator/text';

/**
 * A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions protocol, for provider
 * tests, the end-to-end suite and the benchmark. Each request is answered by the current script:
 *
 *   const model = await startFakeOpenAI();
 *   model.setScript({ kind: 'reply', text: 'Hello there' });          // every request
 *   model.setScript([{ kind: 'error', status: 500 }, { kind: 'reply', text: 'ok' }]); // in order, last repeats
 *   model.setScript((request) => request.body.stream ? ... : ...);    // decided per request
 *   createProvider({ provider: 'openai-compatible', baseUrl: model.url, model: 'fake', timeoutMs: 1000 });
 *   model.requests[0].body.messages;                                  // what the client sent
 *   await model.requests[0].closed;                                   // 'completed' | 'client-closed' | ...
 *   await model.stop(); await model.start();                          // the model goes away and comes back
 *   model.reset();                                                    // between tests
 *   await model.close();
 */

export type FakeReply =
  /** A normal answer: streamed as SSE when the request asks for a stream, else one JSON body. */
  | { kind: 'reply'; text: string; chunks?: string[]; delayMs?: number; chunkDelayMs?: number }
  /** A JSON value as the answer's text (structured output for transcriptions). */
  | { kind: 'json'; value: unknown; delayMs?: number }
  /** An HTTP error with an OpenAI-style error body. */
  | { kind: 'error'; status: number; message?: string }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Streams the first `afterChunks` chunks of `text`, then goes silent without closing. */
  | { kind: 'stall'; text: string; afterChunks: number }
  /** Streams the first `afterChunks` chunks of `text`, then destroys the socket. */
  | { kind: 'cut'; text: string; afterChunks: number }
  /** Streams the first `afterChunks` chunks of `text`, then ends the response cleanly, unfinished. */
  | { kind: 'truncated'; text: string; afterChunks: number }
  /** Streams the first `afterChunks` chunks of `text`, then a `data:` line that is not JSON. */
  | { kind: 'malformed'; text: string; afterChunks: number };

export interface ChatCompletionBody {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: unknown }[];
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown } };
  [key: string]: unknown;
}

/** How a request's connection ended. */
export type RequestEnd = 'completed' | 'client-closed' | 'server-closed';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: ChatCompletionBody;
  /** Settles when the response finished or the connection closed. */
  closed: Promise<RequestEnd>;
}

export type FakeScript = FakeReply | FakeReply[] | ((request: RecordedRequest) => FakeReply);

export interface FakeOpenAIOptions {
  script?: FakeScript;
  /** Delay before the response starts, added to every reply (the benchmark's fixed model latency). */
  delayMs?: number;
  /** The model name echoed in responses. */
  model?: string;
}

export interface FakeOpenAI {
  /** Base URL for the client, ending in /v1. Stays the same across stop() and start(). */
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  setScript(script: FakeScript): void;
  /** Forgets recorded requests and goes back to the default reply (or options.script). */
  reset(): void;
  /** Stops listening and drops open connections: the model went away. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Responses whose connection the fake itself dropped ('cut', stop()), as opposed to the client. */
const closedByServer = new WeakSet<ServerResponse>();
const dropConnection = (res: ServerResponse) => {
  closedByServer.add(res);
  res.socket?.destroy();
};

const DEFAULT_REPLY: FakeReply = { kind: 'reply', text: 'Hello from the fake model.' };

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  let script: FakeScript = options.script ?? DEFAULT_REPLY;
  let scriptStep = 0;
  const model = options.model ?? 'fake-model';
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const open = new Set<ServerResponse>();
  let server: Server | undefined;
  let port = 0;

  const nextReply = (request: RecordedRequest): FakeReply => {
    if (typeof script === 'function') return script(request);
    if (!Array.isArray(script)) return script;
    const reply = script[Math.min(scriptStep, script.length - 1)] ?? DEFAULT_REPLY;
    scriptStep += 1;
    return reply;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' && path === '/v1/models') {
      return sendJson(res, 200, { object: 'list', data: [{ id: model, object: 'model' }] });
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      return sendJson(res, 404, { error: { message: `No route ${req.method} ${path}`, type: 'not_found' } });
    }
    let body: ChatCompletionBody;
    try {
      body = JSON.parse(await readBody(req)) as ChatCompletionBody;
    } catch {
      return sendJson(res, 400, {
        error: { message: 'Request body is not JSON', type: 'invalid_request_error' },
      });
    }
    const closed = new Promise<RequestEnd>((resolve) => {
      res.on('close', () =>
        resolve(
          res.writableFinished ? 'completed' : closedByServer.has(res) ? 'server-closed' : 'client-closed',
        ),
      );
    });
    open.add(res);
    res.on('close', () => open.delete(res));
    const request: RecordedRequest = { method: req.method, path, headers: req.headers, body, closed };
    requests.push(request);
    const reply = nextReply(request);
    await answer(res, reply, body.stream === true, model, options.delayMs ?? 0);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((req, res) => {
        handle(req, res).catch((error: unknown) => {
          if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
          else res.destroy();
        });
      });
      next.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      if (!current) return resolve();
      current.close(() => resolve());
      for (const res of open) closedByServer.add(res);
      for (const socket of sockets) socket.destroy();
    });

  await listen();
  return {
    get url() {
      return `http://127.0.0.1:${port}/v1`;
    },
    get port() {
      return port;
    },
    requests,
    setScript(next) {
      script = next;
      scriptStep = 0;
    },
    reset() {
      requests.length = 0;
      script = options.script ?? DEFAULT_REPLY;
      scriptStep = 0;
    },
    stop,
    start: () => (server ? Promise.resolve() : listen()),
    close: stop,
  };
}

async function answer(
  res: ServerResponse,
  reply: FakeReply,
  stream: boolean,
  model: string,
  baseDelayMs: number,
) {
  const delayMs = baseDelayMs + ('delayMs' in reply ? (reply.delayMs ?? 0) : 0);
  if (delayMs > 0) await sleep(delayMs);
  if (res.destroyed) return;
  switch (reply.kind) {
    case 'hang':
      return;
    case 'error':
      return sendJson(res, reply.status, {
        error: { message: reply.message ?? `Fake upstream failure ${reply.status}`, type: 'server_error' },
      });
    case 'json':
      return answerText(
        res,
        JSON.stringify(reply.value),
        chunkWords(JSON.stringify(reply.value)),
        stream,
        model,
        0,
      );
    case 'reply':
      return answerText(
        res,
        reply.text,
        reply.chunks ?? chunkWords(reply.text),
        stream,
        model,
        reply.chunkDelayMs ?? 0,
      );
    case 'stall':
    case 'cut':
    case 'truncated':
    case 'malformed': {
      const sse = openStream(res, model);
      for (const chunk of chunkWords(reply.text).slice(0, reply.afterChunks)) sse.delta(chunk);
      if (reply.kind === 'cut') setTimeout(() => dropConnection(res), 20);
      if (reply.kind === 'truncated') res.end();
      if (reply.kind === 'malformed') {
        res.write('data: {"id": "chatcmpl-fake", "choices": [{"delta": {"content": "bro\n\n');
        sse.finish();
      }
      return;
    }
  }
}

async function answerText(
  res: ServerResponse,
  text: string,
  chunks: string[],
  stream: boolean,
  model: string,
  chunkDelayMs: number,
) {
  if (!stream) {
    return sendJson(res, 200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: usage(text),
    });
  }
  const sse = openStream(res, model);
  const started = performance.now();
  for (const [index, chunk] of chunks.entries()) {
    // Chunk i leaves at i x chunkDelayMs, as from a model generating at a steady rate: a timer
    // that fires late (a busy machine) delays that chunk, not every chunk after it.
    const due = started + index * chunkDelayMs - performance.now();
    if (index > 0 && chunkDelayMs > 0 && due > 0) await sleep(due);
    if (res.destroyed) return;
    sse.delta(chunk);
  }
  sse.finish();
}

/** Writes chat.completion.chunk events in the shape OpenAI (and Ollama, vLLM, ...) send them. */
function openStream(res: ServerResponse, model: string) {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  const created = Math.floor(Date.now() / 1000);
  const event = (delta: Record<string, unknown>, finishReason: string | null) =>
    res.write(
      `data: ${JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finishReason }],
      })}\n\n`,
    );
  let first = true;
  return {
    delta(content: string) {
      event(first ? { role: 'assistant', content } : { content }, null);
      first = false;
    },
    finish() {
      event({}, 'stop');
      res.end('data: [DONE]\n\n');
    },
  };
}

function sendJson(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

const usage = (text: string) => {
  const tokens = chunkWords(text).length;
  return { prompt_tokens: 10, completion_tokens: tokens, total_tokens: 10 + tokens };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
