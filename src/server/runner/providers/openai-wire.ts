import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';

/**
 * The OpenAI chat-completions protocol on the wire, streamed, with nothing in between: one POST
 * on a kept-alive connection, and the server-sent events of the answer read as they arrive. It is
 * the runner's hot path (README design notes: a direct client instead of the AI SDK, measured in
 * tests/bench/runner.bench.ts), so per chunk it only splits lines and parses each event's JSON.
 */

export interface Endpoint {
  /** e.g. http://localhost:11434/v1 */
  baseUrl: string;
  apiKey?: string | undefined;
}

/** The server answered with an HTTP error; `message` is the one in its error body when it has one. */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The answer broke the protocol: a chunk that is not JSON, or an error event mid-stream. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/** The stream ended before the model said it had finished (no finish_reason, no [DONE]). */
export class TruncatedError extends Error {
  override readonly name = 'TruncatedError';
}

// One pool per process and scheme: requests to the model reuse their connections.
const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

interface Target {
  secure: boolean;
  options: RequestOptions;
  authorization?: string;
}

/** Where an endpoint's requests go, worked out once per endpoint rather than once per call. */
const targets = new Map<string, Target>();
const targetOf = (endpoint: Endpoint): Target => {
  const key = `${endpoint.baseUrl}\n${endpoint.apiKey ?? ''}`;
  let target = targets.get(key);
  if (!target) {
    const url = new URL(`${endpoint.baseUrl.replace(/\/+$/, '')}/chat/completions`);
    const secure = url.protocol === 'https:';
    target = {
      secure,
      options: {
        ...urlToHttpOptions(url),
        method: 'POST',
        agent: secure ? agents.https : agents.http,
      },
      ...(endpoint.apiKey && { authorization: `Bearer ${endpoint.apiKey}` }),
    };
    targets.set(key, target);
  }
  return target;
};

/** POSTs a JSON body to `{baseUrl}/chat/completions`; resolves with the response once its headers arrive. */
export function postChat(endpoint: Endpoint, body: string, signal: AbortSignal): Promise<IncomingMessage> {
  const { secure, options, authorization } = targetOf(endpoint);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    'content-length': String(Buffer.byteLength(body)),
  };
  if (authorization) headers.authorization = authorization;
  const attempt = (retry: boolean): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const request = (secure ? httpsRequest : httpRequest)({ ...options, headers, signal });
      request.once('response', resolve);
      request.once('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed as we reused it: nothing was sent, so once more.
        if (retry && request.reusedSocket && error.code === 'ECONNRESET' && !signal.aborted)
          resolve(attempt(false));
        else reject(error);
      });
      request.end(body);
    });
  return attempt(true);
}

/** An error response's message: the OpenAI error body's, or the start of whatever it sent. */
export async function errorOf(response: IncomingMessage): Promise<HttpStatusError> {
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response) text += chunk;
  const status = response.statusCode ?? 0;
  let message = text.trim().slice(0, 500) || response.statusMessage || 'no details';
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const found = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof found === 'string' && found) message = found;
  } catch {
    // Not JSON: the text itself.
  }
  return new HttpStatusError(status, message);
}

interface ChunkEvent {
  choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[];
  error?: { message?: unknown } | string;
}

/**
 * The text deltas of a streamed answer, in order; `onRead` is told of every network read (the
 * caller's idle clock). Reads the body to its end so the connection goes back to the pool;
 * stopping early (return) destroys it, which closes the request upstream.
 */
export async function* readDeltas(response: IncomingMessage, onRead: () => void): AsyncGenerator<string> {
  response.setEncoding('utf8');
  let pending = '';
  let finished = false;
  for await (const chunk of response as AsyncIterable<string>) {
    onRead();
    pending += chunk;
    let start = 0;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n', start)) {
      const line =
        pending.charCodeAt(end - 1) === 13 ? pending.slice(start, end - 1) : pending.slice(start, end);
      start = end + 1;
      if (!line.startsWith('data:')) continue;
      const data = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
      if (data === '[DONE]') {
        finished = true;
        continue;
      }
      let event: ChunkEvent;
      try {
        event = JSON.parse(data) as ChunkEvent;
      } catch {
        throw new ProtocolError('The language model sent a malformed chunk in its answer');
      }
      if (event.error) {
        const message = typeof event.error === 'string' ? event.error : event.error.message;
        throw new ProtocolError(`The language model failed mid-answer: ${String(message ?? 'no details')}`);
      }
      const choice = event.choices?.[0];
      if (choice?.finish_reason) finished = true;
      const content = choice?.delta?.content;
      if (typeof content === 'string' && content !== '') yield content;
    }
    pending = start === 0 ? pending : pending.slice(start);
  }
  if (!finished) throw new TruncatedError('The stream ended before the answer did');
}
