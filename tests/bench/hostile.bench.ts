import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureBuild, startBuiltServer } from '../support/built-server';
import { loginAt, percentile, row } from './support/common';
import type { BenchRow } from './types';

const ADMIN = { email: 'bench@leia.local', password: 'bench-password' };

/**
 * Issue 7's availability figure: while hostile requests run (a placeholder bomb of 500 KB x 400,
 * 5,000-level JSON, 1 MB bodies with a NUL at the end), how long does the server take to answer a
 * health check polled every 10 ms? That is how long any one of them held the event loop. The server
 * runs built, in its own process.
 */
export async function run(): Promise<BenchRow[]> {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'leia-bench-hostile-'));
  const server = await startBuiltServer({
    LEIA_DATA_DIR: dataDir,
    LEIA_ADMIN_EMAIL: ADMIN.email,
    LEIA_ADMIN_PASSWORD: ADMIN.password,
    LEIA_LOGIN_MAX_FAILURES: '1000000',
    LEIA_LOG_LEVEL: 'silent',
  });
  try {
    const token = await loginAt(server.url, ADMIN);
    const call = async (method: string, path: string, body?: string) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body !== undefined && { body }),
      });
      return { status: response.status, json: (await response.json().catch(() => ({}))) as { id?: string } };
    };
    const resource = (name: string, spec: object) =>
      JSON.stringify({ apiVersion: 'v1', metadata: { name, version: '1.0.0' }, spec });
    const behaviour = await call(
      'POST',
      '/api/v1/behaviours',
      resource('Host', { description: 'You are {{persona.fullName}}', process: ['game'] }),
    );
    const persona = await call(
      'POST',
      '/api/v1/personas',
      resource('Huge', { fullName: 'A', x: 'x'.repeat(500_000) }),
    );
    const problem = await call(
      'POST',
      '/api/v1/problems',
      resource('Bomb', { description: '{{persona.x}}'.repeat(400) }),
    );
    const bomb = JSON.stringify({
      metadata: { name: 'Bomb', version: '1.0.0' },
      spec: { persona: persona.json.id, problem: problem.json.id, behaviour: behaviour.json.id },
    });
    const deep = `{"apiVersion":"v1","metadata":{"name":"Deep"},"spec":{"fullName":"A","d":${'{"d":'.repeat(5_000)}1${'}'.repeat(5_000)}}}`;
    const nul = resource('Nul', { fullName: 'A', note: `${'x'.repeat(1_000_000)}\u0000` });

    const hostile = async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const results = await Promise.all([
          call('POST', '/api/v1/leias', bomb),
          call('POST', '/api/v1/runner/initialize', JSON.stringify({ spec: JSON.parse(bomb).spec })),
          call('POST', '/api/v1/personas', deep),
          call('POST', '/api/v1/personas', nul),
        ]);
        statuses.push(...results.map((result) => result.status));
      }
      return statuses;
    };

    const latencies: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const t0 = performance.now();
        await fetch(`${server.url}/api/health`);
        latencies.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const t0 = performance.now();
    const statuses = await hostile();
    const elapsed = performance.now() - t0;
    polling = false;
    await poll;

    const worst = Math.max(...latencies);
    const refused = statuses.filter((status) => status >= 400 && status < 500).length;
    return [
      row(
        '20 hostile requests (bomb, 5,000-deep JSON, 1 MB + NUL)',
        'refused with 4xx',
        refused,
        'of 20',
        '20',
        refused === 20,
      ),
      row('20 hostile requests', 'wall time for all', elapsed, 'ms'),
      row('health check polled during them', 'p50 latency', percentile(latencies, 0.5), 'ms'),
      row(
        'health check polled during them',
        'max latency (longest event-loop hold)',
        worst,
        'ms',
        '< 250 ms',
        worst < 250,
      ),
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
