import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import autocannon, { type Result } from 'autocannon';
import { chromium } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { ensureBuild, startBuiltServer } from '../support/built-server';
import { createPostgresDatabase, postgresReachable } from '../support/test-database';
import { loginAt, median, row } from './support/common';
import type { BenchRow } from './types';

const ADMIN = { email: 'bench@leia.local', password: 'bench-password' };

/**
 * Issue 2's figures, and issue 28's start-up: cold start on an existing data dir (PGlite) or
 * database (PostgreSQL), both with the starter catalogue, to the first healthy response, with the
 * start's phases as the server logs them at debug level (src/server/startup-clock.ts);
 * authenticated GET /users/me under load; the gzip size of the JavaScript the login page loads.
 * The server runs as `npm start` runs it (the built bundle, its own process), so the load
 * generator never shares its event loop.
 */
export async function run(): Promise<BenchRow[]> {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'leia-bench-'));
  const env = {
    LEIA_DATA_DIR: dataDir,
    LEIA_ADMIN_EMAIL: ADMIN.email,
    LEIA_ADMIN_PASSWORD: ADMIN.password,
    LEIA_LOGIN_MAX_FAILURES: '1000000',
  };
  try {
    const rows = await coldStartRows('PGlite', env, 1000);
    const server = await startBuiltServer(env);
    try {
      rows.push(...meRows('PGlite', await loadMe(server.url)));
      const loginJs = await loginPageJsGzip(server.url);
      rows.push(
        row('login page', 'JavaScript loaded, gzip', loginJs / 1024, 'KB', '< 150 KB', loginJs < 150 * 1024),
      );
    } finally {
      await server.stop();
    }
    if (await postgresReachable()) rows.push(...(await onPostgres(env)));
    return rows;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const COLD_STARTS = 5;

/**
 * The first start creates the data (migrations, first admin, starter catalogue); the next
 * COLD_STARTS find it all there and are timed, each from spawning `node dist/server/main.js` to
 * the first healthy /api/health, with the phases each logged (medians over the starts).
 */
async function coldStartRows(database: string, env: Record<string, string>, targetMs: number) {
  await (await startBuiltServer(env, 120_000)).stop();
  const starts: number[] = [];
  const phases = new Map<string, { ms: number[]; at: number[] }>();
  for (let i = 0; i < COLD_STARTS; i++) {
    const t0 = performance.now();
    const server = await startBuiltServer({ ...env, LEIA_LOG_LEVEL: 'debug' });
    starts.push(performance.now() - t0);
    await server.stop();
    for (const { phase, ms, at } of startupPhases(server.output())) {
      const times = phases.get(phase) ?? { ms: [], at: [] };
      times.ms.push(ms);
      times.at.push(at);
      phases.set(phase, times);
    }
  }
  const coldStart = median(starts);
  const benchmark = `cold start, existing data (${database}, median of ${COLD_STARTS})`;
  return [
    row(benchmark, 'to first healthy response', coldStart, 'ms', `< ${targetMs} ms`, coldStart < targetMs),
    ...[...phases].map(([phase, times]) =>
      row(
        benchmark,
        `phase: ${phase} (ends ${Math.round(median(times.at))} ms after start)`,
        median(times.ms),
        'ms',
      ),
    ),
  ];
}

/** The start-up phases a server logged (JSON lines at debug level). */
function startupPhases(output: string): { phase: string; ms: number; at: number }[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"start-up phase"'))
    .map((line) => JSON.parse(line) as { phase: string; ms: number; at: number });
}

/** The same built server on a fresh PostgreSQL database: cold starts, then GET /users/me. */
async function onPostgres(env: Record<string, string>): Promise<BenchRow[]> {
  const database = await createPostgresDatabase();
  try {
    const pgEnv = { ...env, DATABASE_URL: database.databaseUrl! };
    const rows = await coldStartRows('PostgreSQL', pgEnv, 500);
    const server = await startBuiltServer(pgEnv);
    try {
      return [...rows, ...meRows('PostgreSQL', await loadMe(server.url))];
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

function meRows(database: string, load: Result): BenchRow[] {
  const name = `GET /api/v1/users/me (${database}) @50 conns, 10 s`;
  const failed = load.non2xx + load.errors;
  return [
    row(name, 'p50 latency', load.latency.p50, 'ms'),
    row(name, 'p99 latency', load.latency.p99, 'ms', '< 15 ms', load.latency.p99 < 15),
    row(name, 'requests/s', load.requests.average, 'req/s', '>= 3000 req/s', load.requests.average >= 3000),
    row(name, 'non-2xx + errors', failed, 'responses', '0', failed === 0),
  ];
}

async function loadMe(url: string) {
  const token = await loginAt(url, ADMIN);
  const options = {
    url: `${url}/api/v1/users/me`,
    connections: 50,
    headers: { authorization: `Bearer ${token}` },
  };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, prepared statements
  return autocannon({ ...options, duration: 10 });
}

/** Sum of gzip sizes of every script the browser fetches to show /login. */
async function loginPageJsGzip(url: string): Promise<number> {
  const browser = await launchChromium(chromium);
  try {
    const page = await browser.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      }
    });
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login' }).waitFor();
    return (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  } finally {
    await browser.close();
  }
}
