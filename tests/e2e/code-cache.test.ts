import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild, root, startBuiltServer } from '../support/built-server';
import { createPostgresDatabase, type TestDatabase } from '../support/test-database';

/**
 * The built server runs from V8's code cache (src/server/launch.ts): the first start writes a cache
 * for each file of the bundle it compiled, and the next start uses them as they are (a cache V8
 * rejected would be written again) and serves what the first did: a login, whose rate limiter
 * loads drizzle-orm by a dynamic import on PostgreSQL (an import() from cached code failed).
 */
const cacheDir = join(root, 'dist/server/.code-cache');
const dataDir = mkdtempSync(join(tmpdir(), 'leia-code-cache-'));
const admin = { email: 'cache@leia.local', password: 'cache-password' };
const env = { LEIA_DATA_DIR: dataDir, LEIA_ADMIN_EMAIL: admin.email, LEIA_ADMIN_PASSWORD: admin.password };
let postgres: TestDatabase | undefined;

beforeAll(async () => {
  ensureBuild();
  if (process.env.TEST_DATABASE_URL) postgres = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
});
afterAll(async () => {
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const caches = () =>
  new Map(readdirSync(cacheDir).map((name) => [name, statSync(join(cacheDir, name)).mtimeMs] as const));

/** Starts the built server, logs in, stops it. */
async function startAndLogIn(serverEnv: Record<string, string>): Promise<number> {
  const server = await startBuiltServer(serverEnv, 120_000);
  try {
    const response = await fetch(`${server.url}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    return response.status;
  } finally {
    await server.stop();
  }
}

it('writes a cache per compiled file at the first start and uses it at the next, on each database', async () => {
  const databases: Record<string, string>[] = [env];
  if (postgres) databases.push({ ...env, DATABASE_URL: postgres.databaseUrl! });
  for (const serverEnv of databases) {
    rmSync(cacheDir, { recursive: true, force: true });
    expect(await startAndLogIn(serverEnv)).toBe(200);
    const written = caches();
    const bundle = readdirSync(join(root, 'dist/server/assets'))
      .filter((name) => name.startsWith('app-') && name.endsWith('.cjs'))
      .concat('server.cjs');
    for (const file of bundle)
      expect([...written.keys()].some((name) => name.startsWith(`${file}-`))).toBe(true);

    expect(await startAndLogIn(serverEnv)).toBe(200);
    expect(caches()).toEqual(written);
  }
});
