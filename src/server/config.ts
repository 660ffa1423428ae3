import { isIP } from 'node:net';
import type { RateLimitName } from '@shared/rate-limits';
import { z } from 'zod';

/**
 * Everything the server reads from the environment, validated once at start. A bad value stops
 * the server with one line that names the variable (see ConfigError).
 */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise PGlite in `dataDir`. */
  databaseUrl?: string;
  /** PostgreSQL connections per process (db/client.ts DEFAULT_POOL_SIZE when absent). */
  databasePoolSize?: number;
  /** PGlite folder, or `memory://` for a throwaway in-memory database. */
  dataDir: string;
  adminEmail: string;
  /** First admin's password; generated and printed once when absent. */
  adminPassword?: string;
  jwtSecret?: string;
  tokenTtlSeconds: number;
  llm: {
    provider: 'simulator' | 'openai-compatible';
    baseUrl?: string;
    model?: string;
    apiKey?: string;
    timeoutMs: number;
  };
  /**
   * Which proxies' forwarding headers (X-Forwarded-For...) are believed: false (none), a hop count,
   * or their addresses and CIDR ranges.
   */
  trustProxy: false | number | string[];
  /** Failed logins allowed per client address, and per account, per window before 429. */
  loginMaxFailures: number;
  loginFailureWindowMs: number;
  /** Fair-use limits of costly calls (docs/architecture.md "Fair-use limits"). */
  limits: FairUseLimits;
  /** Built UI to serve; absent folder = API only. */
  clientDir?: string;
  /** Load the starter catalogue into an empty database. */
  seedCatalogue: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Days after a class session closed that its students' data is deleted; unset keeps it. */
  classRetentionDays?: number;
}

/** At most `max` uses per `windowSeconds`. */
export interface LimitRule {
  max: number;
  windowSeconds: number;
}

/** Every limit but the failed logins' (LEIA_LOGIN_MAX_FAILURES), by name. */
export type FairUseLimits = Record<Exclude<RateLimitName, 'loginFailures'>, LimitRule>;

/** The env var that sets each fair-use limit, and its default. */
export const FAIR_USE_LIMITS: Record<keyof FairUseLimits, { env: string; fallback: LimitRule }> = {
  chatSessions: { env: 'LEIA_LIMIT_CHAT_SESSIONS', fallback: { max: 30, windowSeconds: 600 } },
  chatReplies: { env: 'LEIA_LIMIT_CHAT_MESSAGES', fallback: { max: 120, windowSeconds: 600 } },
  transcriptions: { env: 'LEIA_LIMIT_TRANSCRIPTIONS', fallback: { max: 20, windowSeconds: 3600 } },
  evaluations: { env: 'LEIA_LIMIT_EVALUATIONS', fallback: { max: 60, windowSeconds: 3600 } },
  leakChecks: { env: 'LEIA_LIMIT_LEAK_CHECKS', fallback: { max: 10, windowSeconds: 3600 } },
  // A whole class may share one address (a school's NAT): generous, yet guessing a code among
  // 887 million at 600 tries per 10 minutes is hopeless.
  classJoins: { env: 'LEIA_LIMIT_CLASS_JOINS', fallback: { max: 600, windowSeconds: 600 } },
  classMessages: { env: 'LEIA_LIMIT_CLASS_MESSAGES', fallback: { max: 20, windowSeconds: 60 } },
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalString = z.preprocess(blankToUndefined, z.string().trim().optional());
const intIn = (min: number, max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(min).max(max).optional());

/** '3600', '90s', '30m', '8h', '7d' -> seconds. */
const durationSeconds = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .regex(/^\d+\s*[smhd]?$/, 'expected a duration such as 3600, 30m, 8h or 7d')
    .transform((text) => {
      const value = Number.parseInt(text, 10);
      const unit = text.at(-1) ?? 's';
      const factor = { s: 1, m: 60, h: 3600, d: 86400 }[unit] ?? 1;
      return value * factor;
    })
    .refine((seconds) => seconds >= 60, 'must be at least 60 seconds')
    .optional(),
);

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** '30/10m' -> at most 30 per 10 minutes; the window as LEIA_TOKEN_TTL reads durations. */
const limitRule = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .regex(/^\d+\s*\/\s*\d+\s*[smhd]?$/, 'expected uses per window, such as 30/10m, 120/1h or 5/60s')
    .transform((text): LimitRule => {
      const [count = '', window = ''] = text.split('/').map((part) => part.trim());
      const unit = /[smhd]$/.test(window) ? window.at(-1)! : 's';
      return { max: Number(count), windowSeconds: Number.parseInt(window, 10) * UNIT_SECONDS[unit]! };
    })
    .refine((rule) => rule.max >= 1 && rule.max <= 1_000_000_000, 'the count must be from 1 to 1000000000')
    .refine(
      (rule) => rule.windowSeconds >= 1 && rule.windowSeconds <= 30 * 86400,
      'the window must be from 1 second to 30 days',
    )
    .optional(),
);

/** proxy-addr's names for address ranges, accepted in LEIA_TRUST_PROXY. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
};

/** 'false' / '0' / unset = trust no proxy; '2' = two hops; '10.0.0.1, 10.1.0.0/16, loopback' = those. */
const trustProxy = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .transform((text, ctx): false | number | string[] => {
      if (text === 'false' || text === '0') return false;
      if (/^\d+$/.test(text)) return Number(text);
      const entries = text.split(',').map((entry) => entry.trim());
      const bad = entries.find((entry) => !isProxyAddress(entry));
      if (bad === undefined) return entries;
      ctx.addIssue({
        code: 'custom',
        message: `expected false, a hop count, or proxy addresses/CIDR ranges separated by commas ("${bad}" is none of these)`,
      });
      return z.NEVER;
    })
    .optional(),
);

const envSchema = z.object({
  PORT: intIn(0, 65535),
  HOST: optionalString,
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
      .optional(),
  ),
  LEIA_DB_POOL_SIZE: intIn(1, 1000),
  LEIA_DATA_DIR: optionalString,
  LEIA_ADMIN_EMAIL: z.preprocess(blankToUndefined, z.email('expected an email address').optional()),
  LEIA_ADMIN_PASSWORD: z.preprocess(
    blankToUndefined,
    z.string().min(6, 'must be at least 6 characters').optional(),
  ),
  LEIA_JWT_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  LEIA_TOKEN_TTL: durationSeconds,
  LEIA_LLM_PROVIDER: z.preprocess(blankToUndefined, z.enum(['simulator', 'openai-compatible']).optional()),
  LEIA_LLM_BASE_URL: z.preprocess(blankToUndefined, z.url('expected an http(s) URL').optional()),
  LEIA_LLM_MODEL: optionalString,
  LEIA_LLM_API_KEY: optionalString,
  LEIA_LLM_TIMEOUT_MS: intIn(100, 3_600_000),
  LEIA_LOGIN_MAX_FAILURES: intIn(1, 1_000_000),
  ...Object.fromEntries(Object.values(FAIR_USE_LIMITS).map(({ env }) => [env, limitRule])),
  LEIA_TRUST_PROXY: trustProxy,
  LEIA_CLIENT_DIR: optionalString,
  LEIA_CLASS_RETENTION_DAYS: intIn(1, 36_500),
  LEIA_SEED_CATALOGUE: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()),
  LEIA_LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
});

/** Reads and validates the environment. Throws ConfigError naming the first bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  defaults: { clientDir?: string } = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`);
  }
  const e = parsed.data;
  const provider = e.LEIA_LLM_PROVIDER ?? (e.LEIA_LLM_BASE_URL ? 'openai-compatible' : 'simulator');
  if (provider === 'openai-compatible' && !e.LEIA_LLM_BASE_URL) {
    throw new ConfigError('Invalid LEIA_LLM_BASE_URL="": required when LEIA_LLM_PROVIDER=openai-compatible');
  }
  if (provider === 'openai-compatible' && !e.LEIA_LLM_MODEL) {
    throw new ConfigError(
      'Invalid LEIA_LLM_MODEL="": name the model to use with LEIA_LLM_BASE_URL (for example llama3.2 on Ollama)',
    );
  }
  return {
    port: e.PORT ?? 8080,
    host: e.HOST ?? '0.0.0.0',
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.LEIA_DB_POOL_SIZE,
    dataDir: e.LEIA_DATA_DIR ?? './data',
    adminEmail: e.LEIA_ADMIN_EMAIL ?? 'admin@leia.local',
    adminPassword: e.LEIA_ADMIN_PASSWORD,
    jwtSecret: e.LEIA_JWT_SECRET,
    tokenTtlSeconds: e.LEIA_TOKEN_TTL ?? 8 * 3600,
    llm: {
      provider,
      baseUrl: e.LEIA_LLM_BASE_URL,
      model: e.LEIA_LLM_MODEL,
      apiKey: e.LEIA_LLM_API_KEY,
      timeoutMs: e.LEIA_LLM_TIMEOUT_MS ?? 60_000,
    },
    trustProxy: e.LEIA_TRUST_PROXY ?? false,
    loginMaxFailures: e.LEIA_LOGIN_MAX_FAILURES ?? 10,
    loginFailureWindowMs: 15 * 60_000,
    limits: fairUseLimits(e),
    clientDir: e.LEIA_CLIENT_DIR ?? defaults.clientDir,
    seedCatalogue: e.LEIA_SEED_CATALOGUE !== 'false',
    logLevel: e.LEIA_LOG_LEVEL ?? 'info',
    classRetentionDays: e.LEIA_CLASS_RETENTION_DAYS,
  };
}

function fairUseLimits(env: Partial<Record<string, unknown>>): FairUseLimits {
  const limits = {} as FairUseLimits;
  for (const [name, { env: variable, fallback }] of Object.entries(FAIR_USE_LIMITS)) {
    limits[name as keyof FairUseLimits] = (env[variable] as LimitRule | undefined) ?? fallback;
  }
  return limits;
}
