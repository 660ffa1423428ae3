import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Config } from '@server/config';
import { createProvider } from '@server/runner/providers';
import { root } from '../support/built-server';
import { type FakeOpenAI, startFakeOpenAI } from '../support/fake-openai';
import { createPostgresDatabase, postgresReachable } from '../support/test-database';
import { benchConfig, loginAt, median, percentile, row } from './support/common';
import type { BenchRow } from './types';

/**
 * Issue 4's runner figures, against the loopback fake model answering after a fixed 20 ms:
 * - the latency the server adds to a message (JSON) over calling the model directly, and to the
 *   first streamed token (SSE): medians of interleaved samples, so drift hits both sides alike;
 * - 200 streaming sessions sending at once (3 rounds): errors, latency, and the server's memory
 *   before and after (after a full GC, so growth means retained memory).
 * For attribution: the provider (AI SDK) called from here without the server, the server's CPU
 * time per message, and an authenticated request that does nothing (GET /users/me).
 *
 * The server runs in a child process (tsx, no build needed): its memory figures are then its own,
 * and its event loop is not shared with the load generator and the fake model, which run here.
 * On PGlite, and on PostgreSQL when one is reachable (TEST_DATABASE_URL or the local default).
 */

const MODEL_DELAY_MS = 20;
const REPLY = 'Good morning! I run the bakery, and we take custom cake orders by phone and on paper.';
const SAMPLES = 200;
const WARMUP = 40;
const SESSIONS_FOR_SAMPLES = 20;
const CONCURRENT = 200;
const ROUNDS = 3;
const TARGET_ADDED_MS = 3;
const TARGET_FIRST_TOKEN_MS = 5;
const ADMIN = { email: 'bench-runner@leia.local', password: 'bench-runner-password' };

/** An unsaved LEIA: the runner resolves raw parts, no resources needed. */
const LEIA = {
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

export async function run(): Promise<BenchRow[]> {
  const fake = await startFakeOpenAI({ delayMs: MODEL_DELAY_MS, script: { kind: 'reply', text: REPLY } });
  try {
    const rows = await measure('PGlite', fake, {});
    if (!(await postgresReachable())) {
      rows.push({ benchmark: 'runner on PostgreSQL', metric: 'skipped (no PostgreSQL)', value: 0, unit: '' });
      return rows;
    }
    const database = await createPostgresDatabase();
    try {
      rows.push(...(await measure('PostgreSQL', fake, { databaseUrl: database.databaseUrl })));
    } finally {
      await database.drop();
    }
    return rows;
  } finally {
    await fake.close();
  }
}

async function measure(label: string, fake: FakeOpenAI, database: Partial<Config>): Promise<BenchRow[]> {
  const server = await startServer({
    ...benchConfig(ADMIN, { ...database, logLevel: 'warn' }),
    llm: { provider: 'openai-compatible', baseUrl: fake.url, model: 'fake', timeoutMs: 30_000 },
  });
  try {
    const api = client(server.url, await loginAt(server.url, ADMIN));
    const sessions = await Promise.all(Array.from({ length: SESSIONS_FOR_SAMPLES }, () => api.initialize()));

    const direct = { total: [] as number[], first: [] as number[] };
    const sdk: number[] = [];
    const noop: number[] = [];
    const json: number[] = [];
    const sse: number[] = [];
    let cpuBefore: NodeJS.CpuUsage | undefined;
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      if (i === WARMUP) cpuBefore = (await server.stats()).cpu;
      const sessionId = sessions[i % sessions.length]!;
      const model = await timed(callModel(fake.url));
      const viaSdk = await timedProvider(fake.url);
      const me = await timed(api.me());
      const viaJson = await timed(api.send(sessionId, `Question ${i}`, false));
      const viaSse = await timed(api.send(sessionId, `Stream ${i}`, true));
      if (i < WARMUP) continue;
      direct.total.push(model.total);
      direct.first.push(model.first);
      sdk.push(viaSdk);
      noop.push(me.total);
      json.push(viaJson.total);
      sse.push(viaSse.first);
    }
    const cpuAfter = (await server.stats()).cpu;
    const cpuPerMessage =
      (cpuAfter.user + cpuAfter.system - cpuBefore!.user - cpuBefore!.system) / 1000 / (2 * SAMPLES);
    const added = median(json) - median(direct.total);
    const addedFirst = median(sse) - median(direct.first);

    const concurrentSessions = await Promise.all(Array.from({ length: CONCURRENT }, () => api.initialize()));
    const before = (await server.stats()).memory;
    let errors = 0;
    const latencies: number[] = [];
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      const results = await Promise.allSettled(
        concurrentSessions.map((sessionId) => timed(api.send(sessionId, `Round ${round}`, true))),
      );
      for (const result of results) {
        if (result.status === 'fulfilled') latencies.push(result.value.total);
        else errors++;
      }
    }
    const loadMs = performance.now() - started;
    const after = (await server.stats()).memory;

    const perMessage = `message, model ${MODEL_DELAY_MS} ms away (${label}, median of ${SAMPLES})`;
    const load = `${CONCURRENT} concurrent streaming sessions x ${ROUNDS} rounds (${label})`;
    const mb = (bytes: number) => bytes / 1024 / 1024;
    return [
      row(perMessage, 'model called directly, whole reply', median(direct.total), 'ms'),
      row(perMessage, 'through the provider alone (AI SDK, no server)', median(sdk), 'ms'),
      row(perMessage, 'via POST /messages (JSON), whole reply', median(json), 'ms'),
      row(
        perMessage,
        'added by the server, whole reply',
        added,
        'ms',
        `< ${TARGET_ADDED_MS} ms`,
        added < TARGET_ADDED_MS,
      ),
      row(perMessage, 'model called directly, first token', median(direct.first), 'ms'),
      row(perMessage, 'via POST /messages (SSE), first token', median(sse), 'ms'),
      row(
        perMessage,
        'added by the server, first token',
        addedFirst,
        'ms',
        `< ${TARGET_FIRST_TOKEN_MS} ms`,
        addedFirst < TARGET_FIRST_TOKEN_MS,
      ),
      row(perMessage, 'server CPU time per message (JSON and SSE)', cpuPerMessage, 'ms'),
      row(perMessage, 'for scale: GET /api/v1/users/me (authenticated, no model)', median(noop), 'ms'),
      row(load, 'failed replies', errors, 'replies', '0', errors === 0),
      row(load, 'p50 reply time', percentile(latencies, 0.5), 'ms'),
      row(load, 'p99 reply time', percentile(latencies, 0.99), 'ms'),
      row(load, 'replies/s', (latencies.length / loadMs) * 1000, 'req/s'),
      row(load, 'server RSS before', mb(before.rss), 'MB'),
      row(load, 'server RSS after', mb(after.rss), 'MB'),
      row(load, 'server heap used before (after GC)', mb(before.heapUsed), 'MB'),
      row(load, 'server heap used after (after GC)', mb(after.heapUsed), 'MB'),
    ];
  } finally {
    await server.stop();
  }
}

interface Timing {
  /** Until the first byte of the body (the first token: the fake model and the server both send it at once). */
  first: number;
  total: number;
}

/** Reads a response to its end, timing the first body chunk and the whole. */
async function timed(call: { start: number; response: Promise<Response>; check?: (body: string) => void }) {
  const response = await call.response;
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let body = '';
  let first = Number.NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (Number.isNaN(first)) first = performance.now() - call.start;
    body += decoder.decode(value, { stream: true });
  }
  const timing: Timing = { first, total: performance.now() - call.start };
  call.check?.(body);
  return timing;
}

/**
 * The server's provider (the AI SDK) called from here, without the server: shows how much of
 * the added latency is the SDK's and how much the server's own (HTTP, auth, database).
 */
async function timedProvider(baseUrl: string): Promise<number> {
  provider ??= createProvider({ provider: 'openai-compatible', baseUrl, model: 'fake', timeoutMs: 30_000 });
  const start = performance.now();
  const deltas = provider.streamReply({
    system: 'You are Ana García.',
    history: [{ role: 'user', content: 'Hello' }],
    leia: { persona: { spec: {} }, problem: { spec: {} }, behaviour: { spec: {} } },
  });
  for await (const _ of deltas);
  return performance.now() - start;
}
let provider: ReturnType<typeof createProvider> | undefined;

/** The request the server's provider makes, streamed, straight to the fake model. */
function callModel(baseUrl: string) {
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
          { role: 'user', content: 'Hello' },
        ],
      }),
    }),
  };
}

function client(base: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return {
    me: () => ({ start: performance.now(), response: fetch(`${base}/api/v1/users/me`, { headers }) }),
    async initialize(): Promise<string> {
      const response = await fetch(`${base}/api/v1/runner/initialize`, {
        method: 'POST',
        headers,
        body: JSON.stringify(LEIA),
      });
      return ((await response.json()) as { sessionId: string }).sessionId;
    },
    send(sessionId: string, message: string, stream: boolean) {
      const start = performance.now();
      return {
        start,
        response: fetch(`${base}/api/v1/runner/${sessionId}/messages`, {
          method: 'POST',
          headers: { ...headers, ...(stream && { accept: 'text/event-stream' }) },
          body: JSON.stringify({ message }),
        }),
        check(body: string) {
          const ok = stream
            ? body.includes('event: done') && !body.includes('event: error')
            : body.includes(REPLY);
          if (!ok) throw new Error(`unexpected reply: ${body.slice(0, 200)}`);
        },
      };
    },
  };
}

interface BenchServer {
  url: string;
  /** Memory after a full GC, and CPU time so far. */
  stats(): Promise<{ memory: NodeJS.MemoryUsage; cpu: NodeJS.CpuUsage }>;
  stop(): Promise<void>;
}

async function startServer(serverConfig: Config): Promise<BenchServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', join(root, 'tests/bench/support/runner-server.ts')],
    {
      cwd: root,
      env: { ...process.env, BENCH_CONFIG: JSON.stringify(serverConfig) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const next = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (!(key in message)) return;
        child.off('message', onMessage);
        resolve(message[key] as T);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
  const port = await next<number>('port');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    stats() {
      const stats = next<{ memory: NodeJS.MemoryUsage; cpu: NodeJS.CpuUsage }>('stats');
      child.send('stats');
      return stats;
    },
    async stop() {
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
