/** Messages between the main thread and the PGlite worker (pglite-thread.ts, pglite-worker.ts). */

export interface PgliteWorkerData {
  dataDir: string;
  migrationsDir: string;
}

export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[] | undefined; rowMode: 'array' | 'object' }
  | { id: number; op: 'close' };

export interface SerializedError {
  name?: string;
  message: string;
  /** Postgres fields such as code, detail, constraint. */
  [field: string]: string | number | undefined;
}

export interface QueryResultData {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export type PgliteResponse =
  | { id: number; ok: true; result?: QueryResultData }
  | { id: number; ok: false; error: SerializedError };

/** A step of the thread's start, in epoch milliseconds (each thread's performance clock is its own). */
export interface ThreadPhase {
  name: string;
  start: number;
  end: number;
}

export type PgliteStartup = { ready: true; phases: ThreadPhase[] } | { ready: false; error: SerializedError };
