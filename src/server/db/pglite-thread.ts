import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGliteInterface, QueryOptions, Results } from '@electric-sql/pglite';
import { migrationsDir, projectRoot } from '../paths';
import type {
  PgliteRequest,
  PgliteResponse,
  PgliteStartup,
  PgliteWorkerData,
  QueryResultData,
  SerializedError,
  ThreadPhase,
} from './pglite-protocol';

/**
 * The embedded database on a thread of its own. PGlite runs SQL synchronously inside WebAssembly,
 * so on the main thread every query stalls HTTP handling; on its own thread the two use both
 * cores (measured: /users/me went from about 2,000 to over 3,000 requests/s on 2 cores).
 *
 * Ordering is PGlite's own contract: a top-level query never runs inside another caller's open
 * transaction, and a transaction's queries run alone until it ends. The worker executes requests
 * in arrival order, so a top-level query is sent at once unless a transaction is open; it does not
 * wait for the answers to earlier queries (that pipelining is where the throughput comes from).
 */
export interface PgliteThread {
  /** Settles when PGlite is open and migrated, with what that took (or its error). */
  ready: Promise<ThreadPhase[]>;
  query: PGliteInterface['query'];
  transaction: PGliteInterface['transaction'];
  close(): Promise<void>;
}

/** A request before it is numbered (Omit on each member of the union). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

type Pending = { resolve: (result: QueryResultData | undefined) => void; reject: (error: Error) => void };

const restoreError = ({ message, name, ...fields }: SerializedError): Error =>
  Object.assign(new Error(message), name ? { name } : {}, fields);

/** The worker script: the bundle's sibling in production, the TypeScript source under tsx/vitest. */
function workerEntry(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts')
    ? join(here, '..', 'pglite-worker-source.mjs')
    : join(projectRoot, 'dist/server/pglite-worker.cjs');
}

/** The thread, opened and migrated (what the tests and the catalogue tool need). */
export async function startPgliteThread(dataDir: string): Promise<PgliteThread> {
  const thread = createPgliteThread(dataDir);
  await thread.ready;
  return thread;
}

/**
 * The worker's side of the conversation: its first message says whether it started, then one
 * answer per request, in the order they were sent.
 */
function workerChannel(worker: Worker) {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stopped: Error | undefined;
  let started = false;
  let markReady!: (phases: ThreadPhase[]) => void;
  let markFailed!: (error: Error) => void;
  const ready = new Promise<ThreadPhase[]>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  ready.catch(() => {}); // whoever awaits it hears of the failure; so does every query

  const stop = (error: Error) => {
    stopped ??= error;
    markFailed(stopped);
    for (const waiter of pending.values()) waiter.reject(stopped);
    pending.clear();
  };

  worker.on('message', (message: PgliteStartup | PgliteResponse) => {
    if (!started) {
      started = true;
      const startup = message as PgliteStartup;
      if (startup.ready) markReady(startup.phases);
      else stop(restoreError(startup.error));
      return;
    }
    const response = message as PgliteResponse;
    const waiter = pending.get(response.id);
    pending.delete(response.id);
    if (!waiter) return;
    if (response.ok) waiter.resolve(response.result);
    else waiter.reject(restoreError(response.error));
  });
  worker.on('error', (error) => stop(error));
  worker.on('exit', (code) =>
    stop(new Error(`The database thread stopped${started ? '' : ' while starting'} (exit code ${code})`)),
  );

  return {
    ready,
    stop,
    stopped: () => stopped !== undefined,
    send: (request: Unnumbered<PgliteRequest>): Promise<QueryResultData | undefined> =>
      new Promise((resolve, reject) => {
        if (stopped) return reject(stopped);
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ ...request, id });
      }),
  };
}

/**
 * The thread, starting: queries may be sent at once and run once PGlite is open and migrated (a
 * worker's port holds messages until the worker listens), so the server's own start goes on
 * meanwhile. If the start fails, `ready` and every query fail with its error.
 */
export function createPgliteThread(dataDir: string): PgliteThread {
  const worker = new Worker(workerEntry(), {
    workerData: { dataDir, migrationsDir } satisfies PgliteWorkerData,
  });
  const { ready, send, stop, stopped } = workerChannel(worker);

  const run = async <T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const result = await send({ op: 'query', sql, params, rowMode: options?.rowMode ?? 'object' });
    return result as unknown as Results<T>;
  };

  /**
   * While a transaction is open, `transactionEnded` is pending. Callers wait with
   * `while (transactionOpen) await transactionEnded;` written out where they post: the check and
   * the post must happen in one synchronous step (a helper function would add an await between
   * them, and two callers could both pass the check before either opened a transaction).
   */
  let transactionOpen = false;
  let transactionEnded: Promise<void> = Promise.resolve();

  const query = (async (sql: string, params?: unknown[], options?: QueryOptions) => {
    while (transactionOpen) await transactionEnded;
    return run(sql, params, options);
  }) as PGliteInterface['query'];

  const transaction = (async <T>(
    callback: (tx: Parameters<Parameters<PGliteInterface['transaction']>[0]>[0]) => Promise<T>,
  ) => {
    while (transactionOpen) await transactionEnded;
    transactionOpen = true;
    let end!: () => void;
    transactionEnded = new Promise((resolve) => {
      end = resolve;
    });
    let closed = false;
    try {
      await run('BEGIN');
      const tx = {
        query: run,
        sql: () => Promise.reject(new Error('tx.sql is not supported on the database thread')),
        exec: (sql: string) => run(sql).then((result) => [result]),
        rollback: async () => {
          await run('ROLLBACK');
          closed = true;
        },
        listen: () => Promise.reject(new Error('LISTEN is not supported on the database thread')),
        get closed() {
          return closed;
        },
      } as unknown as Parameters<Parameters<PGliteInterface['transaction']>[0]>[0];
      const result = await callback(tx);
      if (!closed) await run('COMMIT');
      closed = true;
      return result;
    } catch (error) {
      if (!closed) await run('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      transactionOpen = false;
      end();
    }
  }) as PGliteInterface['transaction'];

  return {
    ready,
    query,
    transaction,
    async close() {
      if (!stopped()) {
        while (transactionOpen) await transactionEnded;
        await send({ op: 'close' }).catch(() => {});
        stop(new Error('The database is closed'));
      }
      await worker.terminate();
    },
  };
}
