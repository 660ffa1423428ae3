import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { startPgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a transaction callback receives; the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Any number of server processes may start at once against one PostgreSQL: migrate under a lock. */
const MIGRATION_LOCK_ID = 7_302_015;

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  // Opened and migrated on its own thread (see pglite-thread.ts).
  const client = await startPgliteThread(dataDir);
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => (await client.query('select 1')).rows.length === 1,
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle client dropped by the server must not crash the process; the pool reconnects.
  pool.on('error', () => {});
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: conn }), { migrationsFolder: migrationsDir });
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    conn.release();
  }
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    ping: async () => (await pool.query('select 1')).rowCount === 1,
    close: () => pool.end(),
  };
}
