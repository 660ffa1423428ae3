import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Where a test's or benchmark's server keeps its data: PGlite in memory, or a fresh database on a
 * PostgreSQL server, dropped again by `drop()`. A database per test file keeps files independent
 * when vitest runs them in parallel.
 */
export interface TestDatabase {
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}

export const testingPostgres = () => process.env.TEST_DB === 'postgres';

/** The PostgreSQL server tests and benchmarks create their databases on. */
export const postgresAdminUrl = () =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** PGlite in memory, or under TEST_DB=postgres a fresh PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!testingPostgres()) return { dataDir: 'memory://', drop: async () => {} };
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return createPostgresDatabase(process.env.TEST_DATABASE_URL);
}

export async function createPostgresDatabase(adminUrl = postgresAdminUrl()): Promise<TestDatabase> {
  const name = `leia_test_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir: 'memory://',
    drop: async () => {
      await withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Whether a PostgreSQL server answers at `url` (benchmarks skip their PostgreSQL rows if not). */
export async function postgresReachable(url = postgresAdminUrl()): Promise<boolean> {
  try {
    await withClient(url, (client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
