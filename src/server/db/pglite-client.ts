import {
  PGlite,
  type PGliteInterface,
  type QueryOptions,
  type Transaction,
  types,
} from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Drizzle asks PGlite to leave date and time values as text (it parses them itself), and does so
 * by passing `parsers` with EVERY query. PGlite then copies its whole parser table per query,
 * which doubled the cost of a simple lookup (about 230 µs instead of 115 µs). Setting the same
 * parsers once on the instance, and dropping the per-query copy, gives Drizzle the same values.
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

/** The part of PGlite that Drizzle's PGlite session uses. */
type DrizzlePgliteClient = Pick<PGliteInterface, 'query' | 'transaction'>;

const withoutParsers = (options?: QueryOptions): QueryOptions | undefined => {
  if (!options?.parsers) return options;
  const { parsers: _same, ...rest } = options;
  return rest;
};

const queriesOf = (target: Pick<Transaction, 'query'>): DrizzlePgliteClient['query'] =>
  ((query: string, params?: unknown[], options?: QueryOptions) =>
    target.query(query, params, withoutParsers(options))) as DrizzlePgliteClient['query'];

/** PGlite for Drizzle: its parsers set once, per-query copies dropped (also inside transactions). */
export function drizzleReadyClient(client: PGlite): DrizzlePgliteClient {
  return {
    query: queriesOf(client),
    transaction: ((run: (tx: Transaction) => Promise<unknown>) =>
      client.transaction((tx) => run({ ...tx, query: queriesOf(tx) }))) as PGliteInterface['transaction'],
  };
}

/** PGlite in `dataDir` (or in memory), with pg_trgm for the LEIA search index. */
export function createPglite(dataDir: string): Promise<PGlite> {
  return PGlite.create({
    dataDir: dataDir === 'memory://' ? undefined : dataDir,
    extensions: { pg_trgm },
    parsers: DRIZZLE_PARSERS,
  });
}
