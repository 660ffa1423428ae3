import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Where a test's server keeps its data: PGlite in memory, or (TEST_DB=postgres) a fresh database
 * on the TEST_DATABASE_URL server, dropped again by `drop()`. A database per test file keeps
 * files independent when vitest runs them in parallel.
 */
export interface TestDatabase {
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}

export const testingPostgres = () => process.env.TEST_DB === 'postgres';

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!testingPostgres()) return { dataDir: 'memory://', drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
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

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
