import { MAX_ACTIVE_JOBS } from '@server/services/leak-check';
import { type Job, LEAK_CHECK_TEXTS } from '@shared/schemas/leak-check';
import { loginAt } from '../bench/support/common';
import { BENCH_LEIA } from '../bench/support/runner-client';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { createPostgresDatabase, type TestDatabase } from '../support/test-database';
import { testConfig } from './helpers';
import { behaviourBody, personaBody, problemBody } from './resource-helpers';

/**
 * Limits behind a load balancer (issue 21, items 1 and 2): two server processes on one PostgreSQL
 * enforce one allowance. Failed logins and the fair-use limits are counted in the database, so
 * uses spread over both processes add up; the running leak-check limit holds for requests sent at
 * once to both. PostgreSQL only: PGlite is one process's database.
 */

const ADMIN = { email: 'limits-two@leia.local', password: 'limits-two-password' };
const ALLOWED = 3;

describe('limits on two server processes sharing PostgreSQL', () => {
  let database: TestDatabase;
  const servers: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string;
  let leiaId: string;

  beforeAll(async () => {
    database = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    const config = testConfig({
      databaseUrl: database.databaseUrl,
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      loginMaxFailures: ALLOWED,
      limits: {
        ...testConfig().limits,
        chatSessions: { max: ALLOWED, windowSeconds: 600 },
      },
    });
    // One after the other: the first creates the admin and the signing secret, the second reads them.
    servers.push(await startServerProcess(config));
    servers.push(await startServerProcess(config));
    [a, b] = servers as [ServerProcess, ServerProcess];
    token = await loginAt(a.url, ADMIN);
    leiaId = await savedLeia(a, token);
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  const post = (server: ServerProcess, path: string, body: object, bearer?: string) =>
    fetch(`${server.url}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bearer && { authorization: `Bearer ${bearer}` }) },
      body: JSON.stringify(body),
    });
  /** Alternates between the two processes: use 1 on a, 2 on b, 3 on a... */
  const on = (use: number) => (use % 2 === 1 ? a : b);

  it('counts failed logins on both processes together', async () => {
    const attempt = (server: ServerProcess) =>
      post(server, '/users/login', { email: ADMIN.email, password: 'not-the-password' });
    for (let use = 1; use <= ALLOWED; use++) expect((await attempt(on(use))).status).toBe(401);
    const refused = await attempt(on(ALLOWED + 1));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The other process refuses too, even the right password: the allowance is used up.
    expect((await post(on(ALLOWED), '/users/login', ADMIN)).status).toBe(429);
  });

  it('counts an account’s chat sessions on both processes together', async () => {
    for (let use = 1; use <= ALLOWED; use++) {
      const response = await post(on(use), '/runner/initialize', BENCH_LEIA, token);
      expect(response.status, await response.text()).toBe(201);
    }
    for (const server of [a, b]) {
      const refused = await post(server, '/runner/initialize', BENCH_LEIA, token);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { data: unknown }).data).toMatchObject({
        limit: 'chatSessions',
        max: ALLOWED,
      });
    }
  });

  it(`starts exactly ${MAX_ACTIVE_JOBS} of 30 leak checks sent at once to both processes`, async () => {
    // Connections opened first, so that the 30 requests arrive together.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => fetch(`${on(i).url}/api/health`).then((r) => r.text())),
    );
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(on(i), `/leias/${leiaId}/leak-check`, { runs: 10, maxTurns: 40 }, token),
      ),
    );
    const bodies = await Promise.all(responses.map((response) => response.json() as Promise<unknown>));
    const accepted = bodies.filter((_, i) => responses[i]!.status === 202) as Job[];
    const refused = bodies.filter((_, i) => responses[i]!.status === 409);
    expect(accepted).toHaveLength(MAX_ACTIVE_JOBS);
    expect(refused).toHaveLength(30 - MAX_ACTIVE_JOBS);
    for (const body of refused)
      expect(body).toEqual({ message: LEAK_CHECK_TEXTS.tooManyJobs(MAX_ACTIVE_JOBS) });
    for (const job of accepted) {
      const cancelled = await post(a, `/jobs/${job.id}/cancel`, {}, token);
      expect(((await cancelled.json()) as Job).status).toBe('cancelled');
    }
  });
});

/** A LEIA saved through the API (a saved one starts a check with little work before the limit). */
async function savedLeia(server: ServerProcess, token: string): Promise<string> {
  const create = async (path: string, body: object) => {
    const response = await fetch(`${server.url}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  return create('/leias', {
    metadata: { name: 'Two processes', version: '1.0.0' },
    spec: {
      persona: await create('/personas', personaBody()),
      problem: await create('/problems', problemBody()),
      behaviour: await create('/behaviours', behaviourBody()),
    },
  });
}
