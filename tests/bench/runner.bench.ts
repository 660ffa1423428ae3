import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Config } from '@server/config';
import { root } from '../support/built-server';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { createPostgresDatabase, postgresReachable } from '../support/test-database';
import { benchConfig, loginAt, median, percentile, row } from './support/common';
import { topSelfTime } from './support/cpu-profile';
import { askFor, MODEL_DELAY_MS, type ReplyShape, startModelProcess } from './support/paced-model';
import { measurePaths, providerPaths } from './support/provider-paths';
import { callModel, type RunnerClient, runnerClient, type TimedCall, timed } from './support/runner-client';
import type { BenchRow } from './types';

/**
 * The runner under a classroom's load (issue 12), against a loopback model in its own process that
 * answers after 20 ms and streams replies of 3 chunks, or of 200 one-token chunks as fast as it can
 * or at 50 tokens/s (support/paced-model.ts). On PGlite, and on PostgreSQL when one is reachable.
 * - at rest: what the server adds to the first token and to the whole reply over calling the model
 *   directly (medians of interleaved samples, so drift hits both sides alike);
 * - the server's CPU time per message (3 chunks) and per extra streamed chunk (200 chunks); for
 *   scale, the same message through a bare node:http server in front of the runner service, and
 *   with only the I/O a message needs (support/bare-runner-main.ts): the floor on this machine;
 * - 200 streaming sessions at once: 3 rounds of 3-chunk replies, and one round of 200 chunks at
 *   50 tokens/s against the model's own 4 s (and, for scale, the model called directly as often);
 * - the AI SDK's streaming path against the runner's provider, in this process.
 * Two server processes on one PostgreSQL are in runner-scale.bench.ts.
 * RUNNER_BENCH_PROFILE=1 writes the server's CPU profile of the 3-chunk CPU phase to
 * tests/bench/.profiles (git-ignored) and prints its top self-time entries.
 * RUNNER_BENCH_QUICK=1 measures at rest and the CPU only (deciding a change takes a minute, not five).
 */

const SAMPLES = 150;
const WARMUP = 30;
const CPU_MESSAGES = 300;
const LONG_CPU_MESSAGES = 60;
const SESSIONS_FOR_SAMPLES = 20;
const CONCURRENT = 200;
const ROUNDS = 3;
const SHORT: ReplyShape = { chunks: 3, paceMs: 0 };
const LONG_FAST: ReplyShape = { chunks: 200, paceMs: 0 };
const LONG_PACED: ReplyShape = { chunks: 200, paceMs: 20 };
const MODEL_OWN_PACED_MS = MODEL_DELAY_MS + (LONG_PACED.chunks - 1) * LONG_PACED.paceMs;
const ADMIN = { email: 'bench-runner@leia.local', password: 'bench-runner-password' };
const TARGETS = {
  cpuPerMessage: { PGlite: 2.5, PostgreSQL: 1.5 } as Record<string, number>,
  cpuPerChunk: 0.02,
  addedFirstToken: 2,
  addedWhole: 3,
  repliesPerSecond: 700,
  p99: 400,
  pacedSlack: 1.05,
};

export async function run(): Promise<BenchRow[]> {
  const model = await startModelProcess();
  try {
    const rows = process.env.RUNNER_BENCH_QUICK ? [] : await providerRows(model.url);
    rows.push(...(await measure('PGlite', model.url, {})));
    if (!(await postgresReachable())) {
      rows.push({ benchmark: 'runner on PostgreSQL', metric: 'skipped (no PostgreSQL)', value: 0, unit: '' });
      return rows;
    }
    const database = await createPostgresDatabase();
    try {
      rows.push(...(await measure('PostgreSQL', model.url, { databaseUrl: database.databaseUrl })));
    } finally {
      await database.drop();
    }
    return rows;
  } finally {
    await model.stop();
  }
}

async function providerRows(modelUrl: string): Promise<BenchRow[]> {
  const paths = providerPaths(modelUrl);
  const bench = `provider alone, 200-chunk reply as fast as the model can (median of 60, no server)`;
  await measurePaths(paths, askFor(LONG_FAST, 'warm up'), 10);
  const figures = await measurePaths(paths, askFor(LONG_FAST, 'Tell me'), 60);
  const short = await measurePaths(paths, 'Hello', 60);
  return [
    row(bench, 'AI SDK streamText: whole reply', figures.aiSdk!.ms, 'ms'),
    row(bench, "runner's provider: whole reply", figures.runner!.ms, 'ms'),
    row(bench, 'AI SDK streamText: CPU per reply', figures.aiSdk!.cpuMs, 'ms'),
    row(bench, "runner's provider: CPU per reply", figures.runner!.cpuMs, 'ms'),
    row(bench, 'AI SDK streamText: CPU per reply, 3 chunks', short.aiSdk!.cpuMs, 'ms'),
    row(bench, "runner's provider: CPU per reply, 3 chunks", short.runner!.cpuMs, 'ms'),
  ];
}

async function measure(label: string, modelUrl: string, database: Partial<Config>): Promise<BenchRow[]> {
  const config: Config = {
    ...benchConfig(ADMIN, { ...database, logLevel: 'warn' }),
    llm: { provider: 'openai-compatible', baseUrl: modelUrl, model: 'fake', timeoutMs: 30_000 },
  };
  const server = await startServerProcess(config);
  try {
    const api = runnerClient(server.url, await loginAt(server.url, ADMIN));
    const sessions = await Promise.all(Array.from({ length: SESSIONS_FOR_SAMPLES }, () => api.initialize()));
    const rest = `at rest, model ${MODEL_DELAY_MS} ms away, 3-chunk reply (${label}, median of ${SAMPLES})`;
    const cpu = `server CPU (${label})`;

    const direct = { total: [] as number[], first: [] as number[] };
    const json: number[] = [];
    const sse: number[] = [];
    const noop: number[] = [];
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const sessionId = sessions[i % sessions.length]!;
      const model = await timed(callModel(modelUrl, 'Hello'));
      const me = await timed(api.me());
      const viaJson = await timed(api.send(sessionId, `Question ${i}`, false));
      const viaSse = await timed(api.send(sessionId, `Stream ${i}`, true));
      if (i < WARMUP) continue;
      direct.total.push(model.total);
      direct.first.push(model.first);
      noop.push(me.total);
      json.push(viaJson.total);
      sse.push(viaSse.first);
    }
    const addedWhole = median(json) - median(direct.total);
    const addedFirst = median(sse) - median(direct.first);

    const perShort = await cpuPerMessage(server, api, sessions, SHORT, CPU_MESSAGES);
    const perMe = await cpuPerRequest(server, () => api.me(), CPU_MESSAGES);
    const bareService = await bareFigures('service', config, modelUrl);
    const bareIo = await bareFigures('io', config, modelUrl);
    // Profiled apart: the profiler's own sampling would count in the figures above.
    const profileRows = process.env.RUNNER_BENCH_PROFILE
      ? await profileMessages(server, api, sessions, label)
      : [];
    const perLong = await cpuPerMessage(server, api, sessions, LONG_FAST, LONG_CPU_MESSAGES);
    const perChunk = (perLong - perShort) / (LONG_FAST.chunks - SHORT.chunks);
    const loadRows = process.env.RUNNER_BENCH_QUICK
      ? []
      : await underLoad(server, api, label, modelUrl, bareIo.loaded!);

    const cpuTarget = TARGETS.cpuPerMessage[label]!;
    return [
      row(rest, 'model called directly, first token', median(direct.first), 'ms'),
      row(rest, 'via POST /messages (SSE), first token', median(sse), 'ms'),
      target(rest, 'added by the server, first token', addedFirst, 'ms', '<=', TARGETS.addedFirstToken),
      row(rest, 'model called directly, whole reply', median(direct.total), 'ms'),
      row(rest, 'via POST /messages (JSON), whole reply', median(json), 'ms'),
      target(rest, 'added by the server, whole reply', addedWhole, 'ms', '<=', TARGETS.addedWhole),
      row(rest, 'for scale: GET /api/v1/users/me (authenticated, no model)', median(noop), 'ms'),
      row(rest, `for scale: added to the first token by ${BARE.service}`, bareService.addedFirst, 'ms'),
      row(rest, `for scale: added to the first token by ${BARE.io}`, bareIo.addedFirst, 'ms'),
      target(
        cpu,
        `per message, 3-chunk reply (SSE, ${CPU_MESSAGES} messages)`,
        perShort,
        'ms',
        '<=',
        cpuTarget,
      ),
      row(cpu, `per message, 200-chunk reply (SSE, ${LONG_CPU_MESSAGES} messages)`, perLong, 'ms'),
      row(cpu, 'for scale: per GET /api/v1/users/me (one query, no model)', perMe, 'ms'),
      row(cpu, `for scale: ${BARE.service}`, bareService.cpu, 'ms'),
      row(cpu, `for scale: ${BARE.io}`, bareIo.cpu, 'ms'),
      target(cpu, 'per extra streamed chunk', perChunk, 'ms', '<=', TARGETS.cpuPerChunk),
      ...profileRows,
      ...loadRows,
    ];
  } finally {
    await server.stop();
  }
}

const target = (bench: string, metric: string, value: number, unit: string, op: '<=' | '>=', limit: number) =>
  row(bench, metric, value, unit, `${op} ${limit} ${unit}`, op === '<=' ? value <= limit : value >= limit);

/** The server's CPU time so far, in ms. */
const cpuMs = async (server: ServerProcess) => {
  const cpu = await server.cpu();
  return (cpu.user + cpu.system) / 1000;
};

/** The server's CPU time per streamed message of that shape, sent one after another. */
const cpuPerMessage = (
  server: ServerProcess,
  api: RunnerClient,
  sessions: string[],
  shape: ReplyShape,
  messages: number,
): Promise<number> =>
  cpuPerRequest(
    server,
    (i) => api.send(sessions[i % sessions.length]!, askFor(shape, `CPU ${i}`), true),
    messages,
  );

/** The server's CPU time per request, sent one after another. */
async function cpuPerRequest(server: ServerProcess, call: (i: number) => TimedCall, count: number) {
  const before = await cpuMs(server);
  for (let i = 0; i < count; i++) await timed(call(i));
  return ((await cpuMs(server)) - before) / count;
}

/** The bare server's sessions are named by their index. */
const BARE_SESSIONS = Array.from({ length: CONCURRENT }, (_, i) => String(i));

const BARE = {
  service: 'the runner service behind bare node:http (no Fastify, no auth)',
  io: "the design's I/O alone (2 statements, the model via node:http)",
};

/**
 * A 3-chunk message through a bare node:http server (support/bare-runner-main.ts), in front of the
 * runner service or of only the I/O a message needs: the server's CPU per message, and what it
 * adds to the first token at rest (median, interleaved with calling the model directly). For the
 * I/O alone, also the CPU per message under the 200-session load (the floor of that row).
 */
async function bareFigures(variant: keyof typeof BARE, config: Config, modelUrl: string) {
  const bare = await startServerProcess(config, {
    main: join(root, 'tests/bench/support/bare-runner-main.ts'),
    env: { BARE_RUNNER: variant, BARE_SESSIONS: String(CONCURRENT) },
  });
  try {
    const sendTo = (session: string, message: string): TimedCall => ({
      url: `${bare.url}/sessions/${session}/messages`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message }),
    });
    const send = (i: number) => sendTo(String(i % SESSIONS_FOR_SAMPLES), askFor(SHORT, `CPU ${i}`));
    const direct: number[] = [];
    const viaBare: number[] = [];
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const model = await timed(callModel(modelUrl, 'Hello'));
      const message = await timed(send(i));
      if (i < WARMUP) continue;
      direct.push(model.first);
      viaBare.push(message.first);
    }
    const cpu = await cpuPerRequest(bare, send, CPU_MESSAGES);
    const loaded =
      variant === 'io' && !process.env.RUNNER_BENCH_QUICK
        ? await loadedCpu(bare, () => concurrently(sendTo, BARE_SESSIONS, SHORT, ROUNDS))
        : undefined;
    return { cpu, addedFirst: median(viaBare) - median(direct), loaded };
  } finally {
    await bare.stop();
  }
}

/**
 * 200 sessions at once: 3 rounds of 3-chunk replies, then one round of 200 chunks at 50 tokens/s;
 * for scale, the model called directly by as many at once (its own lag on this machine).
 */
async function underLoad(
  server: ServerProcess,
  api: RunnerClient,
  label: string,
  modelUrl: string,
  floor: Loaded,
) {
  const load = `${CONCURRENT} concurrent streaming sessions (${label})`;
  const sessions = await Promise.all(Array.from({ length: CONCURRENT }, () => api.initialize()));
  const before = (await server.stats()).memory;
  const send = (sessionId: string, message: string) => api.send(sessionId, message, true);
  const { run: short, cpu: cpuPerLoaded } = await loadedCpu(server, () =>
    concurrently(send, sessions, SHORT, ROUNDS),
  );
  const paced = await concurrently(send, sessions, LONG_PACED, 1);
  const after = (await server.stats()).memory;
  const direct = await Promise.all(
    sessions.map(async () => (await timed(callModel(modelUrl, askFor(LONG_PACED, 'Directly')))).total),
  );
  const pacedLimit = MODEL_OWN_PACED_MS * TARGETS.pacedSlack;
  const pacedP99 = percentile(paced.latencies, 0.99);
  const shortP99 = percentile(short.latencies, 0.99);
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const isPg = label === 'PostgreSQL';
  return [
    row(load, `3-chunk replies x ${ROUNDS} rounds: failed`, short.errors, 'replies', '0', short.errors === 0),
    isPg
      ? target(load, '3-chunk replies: replies/s', short.perSecond, 'req/s', '>=', TARGETS.repliesPerSecond)
      : row(load, '3-chunk replies: replies/s', short.perSecond, 'req/s'),
    row(load, '3-chunk replies: p50 reply time', percentile(short.latencies, 0.5), 'ms'),
    isPg
      ? target(load, '3-chunk replies: p99 reply time', shortP99, 'ms', '<=', TARGETS.p99)
      : row(load, '3-chunk replies: p99 reply time', shortP99, 'ms'),
    target(
      load,
      '3-chunk replies: server CPU per message',
      cpuPerLoaded,
      'ms',
      '<=',
      TARGETS.cpuPerMessage[label]!,
    ),
    row(load, `for scale: ${BARE.io}: server CPU per message`, floor.cpu, 'ms'),
    row(load, `for scale: ${BARE.io}: replies/s`, floor.run.perSecond, 'req/s'),
    row(load, '200 chunks at 50 tokens/s: failed', paced.errors, 'replies', '0', paced.errors === 0),
    row(load, "200 chunks at 50 tokens/s: the model's own time", MODEL_OWN_PACED_MS, 'ms'),
    row(load, '200 chunks at 50 tokens/s: p50 reply time', percentile(paced.latencies, 0.5), 'ms'),
    target(load, '200 chunks at 50 tokens/s: p99 reply time', pacedP99, 'ms', '<=', pacedLimit),
    row(
      load,
      `for scale: the model called directly, ${CONCURRENT} at once: p99`,
      percentile(direct, 0.99),
      'ms',
    ),
    row(load, 'server heap used before (after GC)', mb(before.heapUsed), 'MB'),
    row(load, 'server heap used after (after GC)', mb(after.heapUsed), 'MB'),
    row(load, 'server RSS after', mb(after.rss), 'MB'),
  ];
}

type LoadRun = Awaited<ReturnType<typeof concurrently>>;
interface Loaded {
  run: LoadRun;
  cpu: number;
}

/** A load run, and the server's CPU per reply during it. */
async function loadedCpu(server: ServerProcess, load: () => Promise<LoadRun>): Promise<Loaded> {
  const before = await cpuMs(server);
  const run = await load();
  return { run, cpu: ((await cpuMs(server)) - before) / run.latencies.length };
}

/** Every session sends at once, `rounds` times; each reply is timed to its end. */
async function concurrently(
  send: (sessionId: string, message: string) => TimedCall,
  sessions: string[],
  shape: ReplyShape,
  rounds: number,
) {
  let errors = 0;
  const latencies: number[] = [];
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    const results = await Promise.allSettled(
      sessions.map((sessionId) => timed(send(sessionId, askFor(shape, `Round ${round}`)))),
    );
    for (const result of results) {
      if (result.status === 'fulfilled') latencies.push(result.value.total);
      else errors++;
    }
  }
  return { errors, latencies, perSecond: (latencies.length / (performance.now() - started)) * 1000 };
}

async function profileMessages(server: ServerProcess, api: RunnerClient, sessions: string[], label: string) {
  const profiling = await server.profile();
  await cpuPerMessage(server, api, sessions, SHORT, CPU_MESSAGES);
  const dir = join(root, 'tests/bench/.profiles');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `runner-${label.toLowerCase()}.cpuprofile`);
  await profiling.stop(file);
  const { functions, packages } = topSelfTime(file, 15);
  const bench = `server CPU profile, 3-chunk messages (${label}): top self time`;
  console.error(`\n${bench} (${file})`);
  for (const entry of [...functions, ...packages])
    console.error(
      `  ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.ms.toFixed(0).padStart(6)} ms  ${entry.name}`,
    );
  return [
    ...functions.slice(0, 8).map((f) => row(bench, f.name, f.share * 100, '%')),
    ...packages.slice(0, 6).map((p) => row(`${bench}, by package`, p.name, p.share * 100, '%')),
  ];
}
