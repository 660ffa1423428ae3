import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import type { App } from '@server/context';
import { jobs } from '@server/db/schema';
import { type Job, LEAK_CHECK_TEXTS } from '@shared/schemas/leak-check';
import { eq, sql } from 'drizzle-orm';
import { type FakeOpenAI, startFakeOpenAI } from '../../support/fake-openai';
import { createTestDatabase, type TestDatabase, testingPostgres } from '../../support/test-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, testConfig } from '../helpers';
import { leakCheckScript } from './model-script';

/**
 * A job is never left running by a server that is gone. The same database is opened by a first
 * server and, after it stops, by a second one (PGlite in a folder, or one PostgreSQL database).
 */

let fake: FakeOpenAI;
let database: TestDatabase;
let folder: string | undefined;
beforeAll(async () => {
  fake = await startFakeOpenAI({ script: leakCheckScript({ leia: { kind: 'hang' } }) });
  if (testingPostgres()) database = await createTestDatabase();
  else {
    folder = mkdtempSync(join(tmpdir(), 'leia-jobs-'));
    database = { dataDir: folder, drop: async () => rmSync(folder!, { recursive: true, force: true }) };
  }
});
afterAll(async () => {
  await fake?.close();
  await database?.drop();
});

const open = async (): Promise<{ app: App; token: string; adminId: string }> => {
  const app = (await buildApp(
    testConfig({
      databaseUrl: database.databaseUrl,
      dataDir: database.dataDir,
      llm: { provider: 'openai-compatible', baseUrl: fake.url, model: 'fake', timeoutMs: 5000 },
    }),
  )) as App;
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  const token = login.json<{ token: string }>().token;
  const me = await app.inject({
    method: 'GET',
    url: '/api/v1/users/me',
    headers: { authorization: `Bearer ${token}` },
  });
  return { app, token, adminId: me.json<{ id: string }>().id };
};

const readJob = async (app: App, token: string, id: string) =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${id}`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).json<Job>();

/** A job row as a server that crashed mid-job leaves it. */
const orphan = async (app: App, ownerId: string, heartbeat: 'fresh' | 'old') => {
  const [row] = await app.ctx.db
    .insert(jobs)
    .values({
      kind: 'leak-check',
      ownerId,
      status: 'running',
      progress: { done: 1, total: 4 },
      params: { runs: 1, maxTurns: 4, styles: ['naive'] },
      startedAt: sql`now()`,
      heartbeatAt: heartbeat === 'old' ? sql`now() - interval '2 minutes'` : sql`now()`,
    })
    .returning();
  return row!.id;
};

const statusOf = async (app: App, id: string) => {
  const [row] = await app.ctx.db.select().from(jobs).where(eq(jobs.id, id));
  return { status: row?.status, error: row?.error };
};

it('a job running when its server shuts down is marked failed, and says so after the restart', async () => {
  const first = await open();
  const leia = await first.app.inject({
    method: 'POST',
    url: '/api/v1/leias',
    headers: { authorization: `Bearer ${first.token}` },
    payload: await partsOf(first),
  });
  expect(leia.statusCode).toBe(201);
  const started = await first.app.inject({
    method: 'POST',
    url: `/api/v1/leias/${leia.json<{ id: string }>().id}/leak-check`,
    headers: { authorization: `Bearer ${first.token}` },
    payload: { runs: 1, maxTurns: 2, styles: ['naive'] },
  });
  const job = started.json<Job>();
  await vi.waitFor(async () =>
    expect((await readJob(first.app, first.token, job.id)).status).toBe('running'),
  );
  await first.app.close();

  const second = await open();
  try {
    expect(await readJob(second.app, second.token, job.id)).toMatchObject({
      status: 'failed',
      error: LEAK_CHECK_TEXTS.stopped,
    });
  } finally {
    await second.app.close();
  }
});

it('a job cut off by a crash is marked failed at start-up, never left running', async () => {
  const first = await open();
  const crashed = await orphan(first.app, first.adminId, 'old');
  const live = await orphan(first.app, first.adminId, 'fresh');
  await first.app.close();

  const second = await open();
  try {
    // Before anyone reads them: the start-up did it.
    expect(await statusOf(second.app, crashed)).toEqual({
      status: 'failed',
      error: LEAK_CHECK_TEXTS.interrupted,
    });
    if (testingPostgres()) {
      // Another server process may be running this one: it is left alone while its heartbeat is fresh...
      expect((await statusOf(second.app, live)).status).toBe('running');
      expect((await readJob(second.app, second.token, live)).status).toBe('running');
      // ... and failed once its heartbeat stops.
      await second.app.ctx.db.execute(
        sql`update jobs set heartbeat_at = now() - interval '1 minute' where id = ${live}`,
      );
      expect(await readJob(second.app, second.token, live)).toMatchObject({
        status: 'failed',
        error: LEAK_CHECK_TEXTS.stale,
      });
    } else {
      // One process owns a PGlite folder: whatever was running, its process is gone.
      expect(await statusOf(second.app, live)).toEqual({
        status: 'failed',
        error: LEAK_CHECK_TEXTS.interrupted,
      });
    }
    const job = await readJob(second.app, second.token, crashed);
    expect(job.finishedAt).not.toBeNull();
  } finally {
    await second.app.close();
  }
});

it('a running job whose server stopped beating is failed when read', async () => {
  const server = await open();
  try {
    const stale = await orphan(server.app, server.adminId, 'old');
    expect(await readJob(server.app, server.token, stale)).toMatchObject({
      status: 'failed',
      error: LEAK_CHECK_TEXTS.stale,
    });
  } finally {
    await server.app.close();
  }
});

/** A LEIA body made of fresh parts owned by the admin. */
async function partsOf({ app, token }: { app: App; token: string }) {
  const create = async (collection: string, body: object) =>
    (
      await app.inject({
        method: 'POST',
        url: `/api/v1/${collection}`,
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      })
    ).json<{ id: string }>().id;
  const suffix = `${Date.now()}-${Math.random()}`;
  const metadata = (name: string) => ({ name: `${name} ${suffix}`, version: '1.0.0' });
  return {
    metadata: metadata('Restart LEIA'),
    spec: {
      persona: await create('personas', {
        apiVersion: 'v1',
        metadata: metadata('P'),
        spec: { fullName: 'Ruth Lane', firstName: 'Ruth' },
      }),
      problem: await create('problems', {
        apiVersion: 'v1',
        metadata: metadata('Q'),
        spec: {
          description: 'Rooms are booked at the desk.',
          solution: 'Members book rooms.',
          process: ['requirements-elicitation'],
        },
      }),
      behaviour: await create('behaviours', {
        apiVersion: 'v1',
        metadata: metadata('B'),
        spec: { description: 'You are Ruth.', role: 'interviewee', process: ['requirements-elicitation'] },
      }),
    },
  };
}
