import { type Database, openDatabase } from '@server/db/client';
import { createRateLimits, type LimitRules } from '@server/services/rate-limits';
import { RATE_LIMITS } from '@shared/rate-limits';
import { createPostgresDatabase, postgresReachable } from '../support/test-database';
import { median, percentile } from './support/common';
import type { BenchRow } from './types';

/**
 * What a fair-use limit adds to a limited call (a chat turn is one): one counted use, in process
 * memory (PGlite) and as one upsert in PostgreSQL (every process shares the count), one account at
 * a time and 20 uses of one account at once (the row they share is locked by each upsert in turn).
 * The PostgreSQL table is unlogged (migration rate_limits_unlogged): a logged one waited for a WAL
 * flush on every use, about 4 ms median on this machine instead of 0.4 to 0.6 ms.
 */
const USES = 2_000;
const AT_ONCE = 20;
/** Microseconds: a use in memory is far below a millisecond. */
const TARGET_US = 2_000;

const generous: LimitRules = Object.fromEntries(
  RATE_LIMITS.map((name) => [name, { max: 1_000_000_000, windowSeconds: 3600 }]),
) as LimitRules;

async function measure(label: string, limits: ReturnType<typeof createRateLimits>): Promise<BenchRow[]> {
  for (let i = 0; i < 200; i++) await limits.take('chatReplies', `account:warm-${i % 20}`);
  const single: number[] = [];
  for (let i = 0; i < USES; i++) {
    const start = performance.now();
    await limits.take('chatReplies', `account:${i % 100}`);
    single.push(performance.now() - start);
  }
  const burst: number[] = [];
  for (let round = 0; round < USES / AT_ONCE; round++) {
    const start = performance.now();
    await Promise.all(Array.from({ length: AT_ONCE }, () => limits.take('chatReplies', 'account:busy')));
    burst.push((performance.now() - start) / AT_ONCE);
  }
  const row = (benchmark: string, metric: string, value: number, target?: string): BenchRow => ({
    benchmark,
    metric,
    value: value * 1000,
    unit: 'µs',
    ...(target && { target, met: value * 1000 < TARGET_US }),
  });
  return [
    row(`one counted use, ${label}`, 'median', median(single), `< ${TARGET_US} µs`),
    row(`one counted use, ${label}`, 'p99', percentile(single, 0.99)),
    row(`${AT_ONCE} uses of one account at once, ${label}`, 'per use', median(burst)),
  ];
}

/** The rows of one database's limits; the database is closed afterwards. */
async function measureOn(label: string, database: Database): Promise<BenchRow[]> {
  const limits = createRateLimits(database, generous);
  try {
    return await measure(label, limits);
  } finally {
    limits.close();
    await database.close();
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows = await measureOn('in memory (PGlite)', await openDatabase({ dataDir: 'memory://' }));
  if (await postgresReachable()) {
    const database = await createPostgresDatabase();
    try {
      const postgres = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: '' });
      rows.push(...(await measureOn('PostgreSQL', postgres)));
    } finally {
      await database.drop();
    }
  }
  return rows;
}
