import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@server/app';
import type { Config } from '@server/config';
import type { Result } from 'autocannon';
import { createPostgresDatabase, postgresReachable } from '../support/test-database';
import { benchConfig, loginAt } from './support/common';
import { loadLeiaCorpus } from './support/leia-corpus';
import type { BenchRow } from './types';

/**
 * Issue 3's Search figures: GET /api/v1/leias?text=<word>&version=latest, first page, with 10,000
 * LEIAs loaded, at 50 connections, on PGlite and (when reachable) on PostgreSQL. The server runs
 * in this process (buildApp + listen) and autocannon in a child process, so the load generator does
 * not share the server's event loop. The word matches about 5% of the LEIAs (see leia-corpus.ts).
 * Each page is measured twice (issue 15): the contract's rows (each LEIA with its spec) and the
 * light rows our Search asks for (fields=summary), with the bytes of one page.
 */
const ADMIN = { email: 'bench-admin@leia.local', password: 'bench-admin-password' };
const WORD = 'harbour';
const PATHS = {
  'rows with spec': `/api/v1/leias?text=${WORD}&version=latest`,
  'fields=summary': `/api/v1/leias?text=${WORD}&version=latest&fields=summary`,
} as const;
const PATH = PATHS['rows with spec'];
const TARGET_P99_MS = { pglite: 50, postgres: 20 } as const;
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');

export async function run(): Promise<BenchRow[]> {
  const rows = await measure('pglite', {});
  if (await postgresReachable()) {
    const database = await createPostgresDatabase();
    try {
      rows.push(...(await measure('postgres', { databaseUrl: database.databaseUrl })));
    } finally {
      await database.drop();
    }
  } else {
    rows.push({
      benchmark: `GET ${PATH} on PostgreSQL`,
      metric: 'skipped (no PostgreSQL)',
      value: 0,
      unit: '',
    });
  }
  return rows;
}

async function measure(kind: 'pglite' | 'postgres', database: Partial<Config>): Promise<BenchRow[]> {
  const app = await buildApp(benchConfig(ADMIN, { ...database, logLevel: 'silent' }));
  try {
    const adminId = await adminIdOf(app);
    const corpus = await loadLeiaCorpus(app.ctx.db, adminId);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const target = TARGET_P99_MS[kind];
    const results: BenchRow[] = [];
    for (const who of [ADMIN, corpus.instructor]) {
      const token = await loginAt(base, who);
      const role = who === ADMIN ? 'admin' : 'instructor';
      for (const [shape, path] of Object.entries(PATHS)) {
        const first = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
        const body = await first.text();
        const rows = (JSON.parse(body) as unknown[]).length;
        const name = `GET ${path} (${label}, ${corpus.leiaCount} LEIAs, ${role}, ${rows} ${shape}) @50 conns`;
        const load = await cannon(`${base}${path}`, token);
        results.push(
          { benchmark: name, metric: 'page size', value: Buffer.byteLength(body) / 1024, unit: 'KB' },
          { benchmark: name, metric: 'p50 latency', value: load.latency.p50, unit: 'ms' },
          {
            benchmark: name,
            metric: 'p99 latency',
            value: load.latency.p99,
            unit: 'ms',
            target: `< ${target} ms`,
            met: load.latency.p99 < target,
          },
          { benchmark: name, metric: 'requests/s', value: load.requests.average, unit: 'req/s' },
          {
            benchmark: name,
            metric: 'non-2xx + errors',
            value: load.non2xx + load.errors,
            unit: 'responses',
            target: '0',
            met: load.non2xx + load.errors === 0,
          },
        );
      }
    }
    // The floor under the same conditions: one authenticated request that only looks up the caller.
    const floor = await cannon(`${base}/api/v1/users/me`, await loginAt(base, ADMIN));
    const floorName = `GET /api/v1/users/me (${label}, reference: auth only) @50 conns`;
    results.push(
      { benchmark: floorName, metric: 'p99 latency', value: floor.latency.p99, unit: 'ms' },
      { benchmark: floorName, metric: 'requests/s', value: floor.requests.average, unit: 'req/s' },
    );
    return results;
  } finally {
    await app.close();
  }
}

async function adminIdOf(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const list = await app.ctx.services.users.list();
  return list.find((user) => user.email === ADMIN.email)!.id;
}

/**
 * autocannon in its own process (its CLI with --json), so the load generator never shares the
 * server's event loop; worker threads would inherit this process's loader flags.
 */
async function cannon(url: string, token: string): Promise<Result> {
  const run = (seconds: number) =>
    new Promise<Result>((resolve, reject) => {
      const args = [
        AUTOCANNON,
        '-c',
        '50',
        '-d',
        String(seconds),
        '-H',
        `authorization=Bearer ${token}`,
        '-j',
        url,
      ];
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        err += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0) resolve(JSON.parse(out) as Result);
        else reject(new Error(`autocannon exited with ${code}: ${err}`));
      });
    });
  await run(2); // warm-up: JIT, plans, caches
  return run(5);
}
