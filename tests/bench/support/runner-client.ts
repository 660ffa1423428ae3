import { performance } from 'node:perf_hooks';
import { replyFor } from './paced-model';

/** The runner benchmarks' HTTP calls, and how they are timed. */

export interface Timing {
  /** Until the first byte of the body (the first token: the model and the server both send it at once). */
  first: number;
  total: number;
}

export interface TimedCall {
  start: number;
  response: Promise<Response>;
  check?: (body: string) => void;
}

/** Reads a response to its end, timing the first body chunk and the whole; `onFirst` when it starts. */
export async function timed(call: TimedCall, onFirst?: () => void): Promise<Timing> {
  const response = await call.response;
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let body = '';
  let first = Number.NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (Number.isNaN(first)) {
      first = performance.now() - call.start;
      onFirst?.();
    }
    body += decoder.decode(value, { stream: true });
  }
  const timing: Timing = { first, total: performance.now() - call.start };
  call.check?.(body);
  return timing;
}

/** The request the server's provider makes, streamed, straight to the model. */
export function callModel(baseUrl: string, message: string): TimedCall {
  const start = performance.now();
  return {
    start,
    response: fetch(`${baseUrl}/chat/completions`, {
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
    }),
  };
}

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
    me: (): TimedCall => ({
      start: performance.now(),
      response: fetch(`${base}/api/v1/users/me`, { headers }),
    }),
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
      const start = performance.now();
      const expected = (replyFor(message) as { text: string }).text;
      return {
        start,
        response: fetch(`${base}/api/v1/runner/${sessionId}/messages`, {
          method: 'POST',
          headers: { ...headers, ...(stream && { accept: 'text/event-stream' }) },
          body: JSON.stringify({ message }),
        }),
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
