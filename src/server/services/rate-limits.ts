import { RATE_LIMITS, type RateLimited, type RateLimitName } from '@shared/rate-limits';
import { lt } from 'drizzle-orm';
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Config, LimitRule } from '../config';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooManyAttempts } from '../errors';

/**
 * Fair-use limits (docs/architecture.md "Fair-use limits"): named limits of `max` uses per window,
 * each counted per key (an account, a client address, an email), by rate-limiter-flexible. On
 * PostgreSQL the counters are rows every server process shares, each use one atomic upsert, so N
 * processes behind a load balancer enforce one limit; PGlite is one process's database, so there
 * they live in the process (and a chat turn pays no extra query). A use over the allowance is a 429
 * naming the limit, its allowance and when to try again (@shared/rate-limits).
 */

export type LimitRules = Record<RateLimitName, LimitRule>;

/** Ended windows are swept this often (PostgreSQL: rows; memory expires its own). */
const SWEEP_MS = 10 * 60_000;

/** The limits `config` sets: the failed logins' and the fair-use ones. */
export const limitRulesOf = (config: Config): LimitRules => ({
  loginFailures: { max: config.loginMaxFailures, windowSeconds: config.loginFailureWindowMs / 1000 },
  ...config.limits,
});

export function createRateLimits(database: Database, rules: LimitRules) {
  const shared = database.kind === 'postgres';
  const counterFor = (name: RateLimitName): RateLimiterAbstract => {
    const options = { keyPrefix: name, points: rules[name].max, duration: rules[name].windowSeconds };
    return shared
      ? new RateLimiterDrizzle({
          ...options,
          storeClient: database.db,
          schema: rateLimits,
          clearExpiredByTimeout: false,
        })
      : new RateLimiterMemory(options);
  };
  const counters = Object.fromEntries(RATE_LIMITS.map((name) => [name, counterFor(name)])) as Record<
    RateLimitName,
    RateLimiterAbstract
  >;

  const refusal = (limit: RateLimitName, msBeforeNext: number) => {
    const limited: RateLimited = {
      limit,
      max: rules[limit].max,
      windowSeconds: rules[limit].windowSeconds,
      retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
    };
    return tooManyAttempts(limited);
  };

  const sweep = setInterval(() => {
    if (shared)
      void database.db
        .delete(rateLimits)
        .where(lt(rateLimits.expire, new Date()))
        .catch(() => {});
  }, SWEEP_MS);
  sweep.unref();

  return {
    /** Counts one use of `limit` by `key`; a 429 when that uses up more than the allowance. */
    async take(limit: RateLimitName, key: string): Promise<void> {
      try {
        await counters[limit].consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw refusal(limit, error.msBeforeNext);
        throw error;
      }
    },

    /** A 429 when `key` has used up `limit`, counting nothing (failed logins count only failures). */
    async ensureLeft(limit: RateLimitName, key: string): Promise<void> {
      const used = await counters[limit].get(key);
      if (used && used.consumedPoints >= rules[limit].max) throw refusal(limit, used.msBeforeNext);
    },

    /** Counts one use of `limit` by `key` without refusing it (a failed login, already answered). */
    async count(limit: RateLimitName, key: string): Promise<void> {
      await counters[limit].penalty(key, 1);
    },

    close(): void {
      clearInterval(sweep);
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
