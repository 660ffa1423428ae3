import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createPglite } from './pglite-client';
import type {
  PgliteRequest,
  PgliteResponse,
  PgliteStartup,
  PgliteWorkerData,
  SerializedError,
  ThreadPhase,
} from './pglite-protocol';
import { preparedStatements } from './pglite-statements';

/**
 * The embedded database's own thread (see pglite-thread.ts). It opens PGlite, applies the
 * migrations, then runs each request in the order it arrives: PGlite queues them in that order,
 * which is what lets the main thread send a query without waiting for the previous answer.
 */
const port = parentPort!;
const { dataDir, migrationsDir } = workerData as PgliteWorkerData;

/** What a thrown value that is no Error says: PGlite's file system throws `{name, errno}`. */
const describe = (error: unknown): string => {
  if (typeof error !== 'object' || error === null) return String(error);
  const { name, errno, message } = error as { name?: unknown; errno?: unknown; message?: unknown };
  if (typeof message === 'string') return message;
  return `${typeof name === 'string' ? name : 'error'}${errno === undefined ? '' : ` (errno ${String(errno)})`}`;
};

const serializeError = (error: unknown): SerializedError => {
  if (!(error instanceof Error)) return { message: describe(error) };
  // Postgres error fields (code, detail, constraint, ...) are own properties; keep the plain ones.
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
};

const phases: ThreadPhase[] = [];
const now = () => performance.timeOrigin + performance.now();
async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const start = now();
  const result = await work();
  phases.push({ name, start, end: now() });
  return result;
}

// No top-level await: the bundle is CommonJS, so that its compiled code can be cached (launch.ts).
async function serve(): Promise<void> {
  try {
    const db = await timed('database thread: PGlite opened', () => createPglite(dataDir));
    await timed('database thread: migrations checked', () =>
      migrate(drizzle({ client: db }), { migrationsFolder: migrationsDir }),
    );
    // Every statement is prepared once (pglite-statements.ts) but planned for its values each time:
    // after five runs PostgreSQL may keep one generic plan, and Search's for a common two-letter text
    // took 270 ms instead of 50 (the planner cannot know how many rows a LIKE pattern matches).
    await db.query('SET plan_cache_mode = force_custom_plan');
    const statements = preparedStatements(db);
    port.on('message', (request: PgliteRequest) => {
      if (request.op === 'close') {
        void db.close().then(() => port.postMessage({ id: request.id, ok: true } satisfies PgliteResponse));
        return;
      }
      statements.query(request.sql, request.params, request.rowMode).then(
        (result) =>
          port.postMessage({
            id: request.id,
            ok: true,
            result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows },
          } satisfies PgliteResponse),
        (error: unknown) =>
          port.postMessage({
            id: request.id,
            ok: false,
            error: serializeError(error),
          } satisfies PgliteResponse),
      );
    });
    port.postMessage({ ready: true, phases } satisfies PgliteStartup);
  } catch (error) {
    port.postMessage({ ready: false, error: serializeError(error) });
  }
}

void serve();
