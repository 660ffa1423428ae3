/**
 * Every benchmark file in tests/bench named *.bench.ts exports `run(): Promise<BenchRow[]>`;
 * `npm run bench` runs them one by one (each in its own process) and prints one table.
 */
export interface BenchRow {
  /** What was measured, e.g. 'GET /api/v1/users/me @50 conns'. */
  benchmark: string;
  /** e.g. 'p99 latency', 'requests/s', 'gzip size'. */
  metric: string;
  value: number;
  /** e.g. 'ms', 'req/s', 'KB', 'ops/s'. */
  unit: string;
  /** The target as text, e.g. '< 15 ms' or '>= 3000 req/s'. */
  target?: string;
  /** Whether the value meets the target (omit when there is no target). */
  met?: boolean;
}

export type Bench = () => Promise<BenchRow[]>;
