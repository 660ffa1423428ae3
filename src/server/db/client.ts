import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { fromEpoch, type StartupClock, sinceStart } from '../startup-clock';
import { createPgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a transaction callback receives; the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Settles once the database is open and migrated: no query may run before (see startDatabase). */
  ready: Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: LISTEN/NOTIFY, so server processes on one database hear each other's events
   * (a PGlite database has one process, which needs none).
   */
  notifications?: Notifications;
}

export interface Notifications {
  /**
   * Calls `onPayload` with each notification on `channel` until the returned stop is called;
   * `onGap` when notifications may have been missed (the listening connection lost, then back).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
}

/** Any number of server processes may start at once against one PostgreSQL: migrate under a lock. */
const MIGRATION_LOCK_ID = 7_302_015;

type Where = { databaseUrl?: string; dataDir: string; databasePoolSize?: number };

/**
 * PostgreSQL connections per server process. Each chat message holds one for each of its
 * statements, and a statement holds it for its whole round trip, commit included (tens of
 * milliseconds on a busy machine): with 20, a class of 200 queued for them (docs/perf-notes.md,
 * issue 26). Connections are opened only as needed.
 */
export const DEFAULT_POOL_SIZE = 50;

/** The database, open and migrated. */
export async function openDatabase(where: Where): Promise<Database> {
  const database = startDatabase(where);
  await database.ready;
  return database;
}

/**
 * The database, starting (PGlite opening on its thread, or PostgreSQL migrating) while the caller
 * goes on: building services and routes sends no query, so the server's start overlaps the two.
 * Queries wait for `ready`.
 */
export function startDatabase(where: Where, clock?: StartupClock): Database {
  return where.databaseUrl
    ? startPostgres(where.databaseUrl, where.databasePoolSize ?? DEFAULT_POOL_SIZE, clock)
    : startPglite(where.dataDir, clock);
}

function startPglite(dataDir: string, clock?: StartupClock): Database {
  // Opened and migrated on its own thread (see pglite-thread.ts).
  const client = createPgliteThread(dataDir);
  const ready = client.ready.then(
    (phases) => {
      for (const { name, start, end } of phases) clock?.record(name, fromEpoch(start), fromEpoch(end));
    },
    (error: Error) => {
      throw new Error(`Could not open the database in ${dataDir}: ${error.message}`, { cause: error });
    },
  );
  ready.catch(() => {}); // whoever awaits it hears of the failure
  return {
    db: drizzlePglite({ client: client as never, schema }) as unknown as Db,
    kind: 'pglite',
    ready,
    ping: async () => (await client.query('select 1')).rows.length === 1,
    close: () => client.close(),
  };
}

function startPostgres(url: string, poolSize: number, clock?: StartupClock): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client dropped by the server must not crash the process; the pool reconnects.
  pool.on('error', () => {});
  const ready = migratePostgres(pool, clock);
  ready.catch(() => {}); // whoever awaits it hears of the failure
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    ready,
    ping: async () => (await pool.query('select 1')).rowCount === 1,
    close: () => pool.end(),
    notifications: pgNotifications(url, pool),
  };
}

/** How long a lost listening connection waits before connecting again. */
const RELISTEN_MS = 1000;

/**
 * LISTEN holds a connection of its own (outside the pool, which would hand it to queries); it is
 * opened again when the database drops it. NOTIFY goes through the pool.
 */
function pgNotifications(url: string, pool: pg.Pool): Notifications {
  return {
    async listen(channel, onPayload, onGap) {
      let stopped = false;
      let client: pg.Client | undefined;
      const again = () => {
        if (!stopped) setTimeout(() => void connect().catch(again), RELISTEN_MS).unref();
      };
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => message.payload !== undefined && onPayload(message.payload));
        next.on('error', () => {
          void next.end().catch(() => {});
          onGap?.();
          again();
        });
        await next.connect();
        await next.query(`LISTEN "${channel.replaceAll('"', '')}"`);
        // Listening again after a loss: what was sent meanwhile is lost.
        if (client) onGap?.();
        client = next;
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => {});
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
  };
}

async function migratePostgres(pool: pg.Pool, clock?: StartupClock): Promise<void> {
  const start = sinceStart();
  const conn = await pool.connect();
  clock?.record('database: connected', start);
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const migrations = sinceStart();
    await migratePg(drizzlePg({ client: conn }), { migrationsFolder: migrationsDir });
    clock?.record('database: migrations checked', migrations);
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    conn.release();
  }
}
