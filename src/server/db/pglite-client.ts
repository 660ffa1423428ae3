import { setFlagsFromString } from 'node:v8';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Drizzle asks PGlite to leave date and time values as text (it parses them itself), and does so
 * by passing `parsers` with EVERY query. PGlite then copies its whole parser table per query,
 * which doubled the cost of a simple lookup (about 230 µs instead of 115 µs). The same parsers are
 * set once on the instance instead; the database thread never forwards the per-query copy.
 */
const asText = (value: string) => value;
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/**
 * PGlite's WebAssembly (9 MB) runs as V8's baseline compiler makes it, never recompiled by the
 * optimizing one. With tiering, the optimizer recompiled the database's hot functions for seconds
 * after start, on the cores the server needs, and held this thread's event loop for 0.2 to 0.8 s
 * right after the first queries (measured with a timer: docs/perf-notes.md, issue 28); baseline
 * code opened the database 30% sooner and served GET /users/me as fast. Set here, on the database
 * thread, before PGlite compiles its module (the flag is read when a module is compiled, and no
 * other WebAssembly runs in this process).
 */
const BASELINE_WASM_ONLY = '--liftoff-only';

/**
 * PostgreSQL zeroes its shared memory at start, here in WebAssembly: with the default 128 MB of
 * shared buffers that was a fifth of PGlite's start (memset's share of the thread's profile), and
 * 32 MB opened the database 20% sooner in CPU (alternating runs, docs/perf-notes.md, issue 28).
 * Still more than Search's working set (the LEIAs' rows and indexes without their specs).
 */
const SHARED_BUFFERS = '32MB';

/** PGlite in `dataDir` (or in memory), with pg_trgm for the LEIA search index. */
export function createPglite(dataDir: string): Promise<PGlite> {
  setFlagsFromString(BASELINE_WASM_ONLY);
  return PGlite.create({
    dataDir: dataDir === 'memory://' ? undefined : dataDir,
    extensions: { pg_trgm },
    parsers: DRIZZLE_PARSERS,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
}
