import type { Config } from '@server/config';
import { testConfig } from '../../server/helpers';
import type { BenchRow } from '../types';

/** Helpers every benchmark file shares. */

export interface Account {
  email: string;
  password: string;
}

/** A server config for a benchmark: the tests' config with the benchmark's admin and database. */
export const benchConfig = (admin: Account, overrides: Partial<Config> = {}): Config =>
  testConfig({
    adminEmail: admin.email,
    adminPassword: admin.password,
    loginMaxFailures: 1_000_000,
    ...overrides,
  });

/** Signs in over HTTP and returns the bearer token. */
export async function loginAt(base: string, who: Account): Promise<string> {
  const response = await fetch(`${base}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!response.ok) throw new Error(`login ${who.email} failed: HTTP ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
};

export const median = (values: number[]): number => percentile(values, 0.5);

export function row(
  benchmark: string,
  metric: string,
  value: number,
  unit: string,
  target?: string,
  met?: boolean,
): BenchRow {
  return { benchmark, metric, value, unit, ...(target !== undefined && { target, met }) };
}
