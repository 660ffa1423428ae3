import { performance } from 'node:perf_hooks';
import { type ServerProcess, type ServerStats, startServerProcess } from '../support/server-process';
import { createPostgresDatabase, postgresReachable } from '../support/test-database';
import { benchConfig, loginAt, percentile, row } from './support/common';
import { askFor, MODEL_DELAY_MS, type ReplyShape, startModelProcess } from './support/paced-model';
import { runnerClient, timed } from './support/runner-client';
import type { BenchRow } from './types';

/**
 * Scaling out (issue 12): two server processes, each on its own port, on one PostgreSQL, and 1,000
 * streaming sessions at once spread across both. Every session starts on one process and sends
 * its message to the other. Replies are 200 one-token chunks at 50 tokens/s (4 s), so all the
 * streams are open together: the servers' memory is read (after a full GC) while they are, and
 * the growth over the same reading before divided by the streams open is the memory per open
 * stream. PostgreSQL only (PGlite is one process's database).
 */

const SESSIONS = 1000;
const PACED: ReplyShape = { chunks: 200, paceMs: 20 };
const MODEL_OWN_MS = MODEL_DELAY_MS + (PACED.chunks - 1) * PACED.paceMs;
const ADMIN = { email: 'bench-scale@leia.local', password: 'bench-scale-password' };

export async function run(): Promise<BenchRow[]> {
  const bench = `${SESSIONS} concurrent streaming sessions, two server processes on one PostgreSQL`;
  if (!(await postgresReachable())) return [row(bench, 'skipped (no PostgreSQL)', 0, '')];
  const model = await startModelProcess();
  const database = await createPostgresDatabase();
  const servers: ServerProcess[] = [];
  try {
    const config = {
      ...benchConfig(ADMIN, { databaseUrl: database.databaseUrl, logLevel: 'warn' as const }),
      llm: { provider: 'openai-compatible' as const, baseUrl: model.url, model: 'fake', timeoutMs: 30_000 },
    };
    servers.push(await startServerProcess(config));
    servers.push(await startServerProcess(config));
    const token = await loginAt(servers[0]!.url, ADMIN);
    const clients = servers.map((server) => runnerClient(server.url, token));
    // Session i starts on process i % 2 and is answered by the other one.
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, i) => ({
        sessionId: await clients[i % 2]!.initialize(),
        answeredBy: clients[(i + 1) % 2]!,
      })),
    );
    await warmUp(clients, sessions.slice(0, 20));

    const before = await Promise.all(servers.map((server) => server.stats()));
    let open = 0;
    const started = performance.now();
    const replies = Promise.allSettled(
      sessions.map(({ sessionId, answeredBy }) =>
        timed(answeredBy.send(sessionId, askFor(PACED, 'Tell me everything'), true), () => open++),
      ),
    );
    // Read while every stream is open: all have started, well before the first ends (4 s).
    while (open < SESSIONS && performance.now() - started < MODEL_OWN_MS * 0.6)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const openWhenRead = open;
    const during = await Promise.all(servers.map((server) => server.stats()));
    const results = await replies;

    const latencies = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.total] : []));
    const failed = results.length - latencies.length;
    const heap = growth(before, during, (s) => s.memory.heapUsed);
    const rss = growth(before, during, (s) => s.memory.rss);
    const kb = (bytes: number) => bytes / 1024;
    return [
      row(bench, 'failed replies', failed, 'replies', '0', failed === 0),
      row(bench, 'streams open when memory was read', openWhenRead, 'streams'),
      row(bench, 'server heap per open stream (after GC, both processes)', kb(heap / openWhenRead), 'KB'),
      row(bench, 'server RSS per open stream (both processes)', kb(rss / openWhenRead), 'KB'),
      row(bench, "the model's own time, 200 chunks at 50 tokens/s", MODEL_OWN_MS, 'ms'),
      row(bench, 'p50 reply time', percentile(latencies, 0.5), 'ms'),
      row(bench, 'p99 reply time', percentile(latencies, 0.99), 'ms'),
      ...during.map((stats, i) => row(bench, `process ${i + 1}: RSS with the streams open`, mb(stats), 'MB')),
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
    await model.stop();
  }
}

const mb = (stats: ServerStats) => stats.memory.rss / 1024 / 1024;

const growth = (before: ServerStats[], after: ServerStats[], read: (stats: ServerStats) => number) =>
  after.reduce((sum, stats, i) => sum + read(stats) - read(before[i]!), 0);

/** A few messages on each side first, so start-up work (prepared statements, JIT) is not counted. */
async function warmUp(
  clients: ReturnType<typeof runnerClient>[],
  sessions: { sessionId: string; answeredBy: ReturnType<typeof runnerClient> }[],
) {
  await Promise.all(
    sessions.map(({ sessionId, answeredBy }) => timed(answeredBy.send(sessionId, 'Hello', true))),
  );
  await Promise.all(clients.map((client) => timed(client.me())));
}
