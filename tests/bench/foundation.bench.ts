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
 * Issue 2's figures: cold start on an existing data dir, authenticated GET /users/me under load,
 * and the gzip size of the JavaScript the login page loads. The server runs as `npm start` runs
 * it (the built bundle, its own process), so the load generator never shares its event loop.
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
    // First start creates the data dir, runs migrations and seeds; later starts find it all there.
    await (await startBuiltServer(env, 120_000)).stop();
    const starts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const server = await startBuiltServer(env);
      starts.push(performance.now() - t0);
      await server.stop();
    }
    const coldStart = median(starts);

    const server = await startBuiltServer(env);
    try {
      const rows = [
        row(
          'cold start, existing data dir (median of 5)',
          'to first healthy response',
          coldStart,
          'ms',
          '< 1500 ms',
          coldStart < 1500,
        ),
        ...meRows('PGlite', await loadMe(server.url)),
      ];
      const loginJs = await loginPageJsGzip(server.url);
      rows.push(
        row('login page', 'JavaScript loaded, gzip', loginJs / 1024, 'KB', '< 150 KB', loginJs < 150 * 1024),
      );
      if (await postgresReachable()) rows.push(...meRows('PostgreSQL', await onPostgres(env, loadMe)));
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The same built server on a fresh PostgreSQL database. */
async function onPostgres<T>(env: Record<string, string>, measure: (url: string) => Promise<T>): Promise<T> {
  const database = await createPostgresDatabase();
  try {
    const server = await startBuiltServer({
      ...env,
      DATABASE_URL: database.databaseUrl!,
      LEIA_SEED_CATALOGUE: 'false',
    });
    try {
      return await measure(server.url);
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
