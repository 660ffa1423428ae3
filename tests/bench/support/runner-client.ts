import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { replyFor } from './paced-model';

/** The runner benchmarks' HTTP calls, and how they are timed. */

export interface Timing {
  /** Until the first byte of the body (the first token: the model and the server both send it at once). */
  first: number;
  total: number;
}

/**
 * One HTTP call to time. The load generator speaks node:http, not fetch: on this 2-core machine it
 * shares the cores with the server, the model and the database (200 browsers would bring their
 * own), and fetch's web streams took about twice its CPU per streamed reply (1.0 to 1.5 ms against
 * 0.5 to 0.9, one at a time), which under load the server paid for in lost throughput.
 */
export interface TimedCall {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  check?: (body: string) => void;
}

// Connections are kept and reused, as browsers and fetch do.
const agent = new Agent({ keepAlive: true });

/**
 * Sends the call and reads its response to the end, timing the first body chunk and the whole;
 * `onFirst` when it starts.
 */
export function timed(call: TimedCall, onFirst?: () => void): Promise<Timing> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const headers =
      call.body === undefined
        ? call.headers
        : { ...call.headers, 'content-length': `${Buffer.byteLength(call.body)}` };
    const req = request(call.url, { method: call.method ?? 'GET', headers, agent }, (res) => {
      let body = '';
      let first = Number.NaN;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (Number.isNaN(first)) {
          first = performance.now() - start;
          onFirst?.();
        }
        body += chunk;
      });
      res.on('error', reject);
      res.on('end', () => {
        const timing: Timing = { first, total: performance.now() - start };
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) return reject(new Error(`HTTP ${status}: ${body}`));
        try {
          call.check?.(body);
          resolve(timing);
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', reject);
    req.end(call.body);
  });
}

/** The request the server's provider makes, streamed, straight to the model. */
export const callModel = (baseUrl: string, message: string): TimedCall => ({
  url: `${baseUrl}/chat/completions`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    model: 'fake',
    stream: true,
    messages: [
      { role: 'system', content: 'You are Ana García.' },
      { role: 'user', content: message },
    ],
  }),
});

/** An unsaved LEIA: the runner resolves raw parts, no resources needed. */
export const BENCH_LEIA = {
  spec: {
    persona: { spec: { fullName: 'Ana García', firstName: 'Ana', description: 'Owner of a bakery.' } },
    problem: {
      spec: {
        description: 'Orders for custom cakes get lost.',
        details: 'Customers call two days before.',
        solution: 'An online order form with pickup dates.',
      },
    },
    behaviour: { spec: { description: 'You are {{persona.fullName}}. {{problem.description}}' } },
  },
};

export type RunnerClient = ReturnType<typeof runnerClient>;

export function runnerClient(base: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return {
    me: (): TimedCall => ({ url: `${base}/api/v1/users/me`, headers }),
    async initialize(): Promise<string> {
      const response = await fetch(`${base}/api/v1/runner/initialize`, {
        method: 'POST',
        headers,
        body: JSON.stringify(BENCH_LEIA),
      });
      if (response.status !== 201) throw new Error(`initialize: HTTP ${response.status}`);
      return ((await response.json()) as { sessionId: string }).sessionId;
    },
    send(sessionId: string, message: string, stream: boolean): TimedCall {
      const expected = (replyFor(message) as { text: string }).text;
      return {
        url: `${base}/api/v1/runner/${sessionId}/messages`,
        method: 'POST',
        headers: { ...headers, ...(stream && { accept: 'text/event-stream' }) },
        body: JSON.stringify({ message }),
        check(body: string) {
          const ok = stream
            ? body.includes('event: done') && !body.includes('event: error') && body.includes(expected)
            : body.includes(expected);
          if (!ok) throw new Error(`unexpected reply: ${body.slice(0, 200)}`);
        },
      };
    },
  };
}
