import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';

/**
 * Named prepared statements for PGlite, on the database thread. `PGlite.query` parses and plans
 * each query again (an unnamed statement) and makes six calls into WebAssembly for it (parse,
 * describe, bind, describe, execute, sync). The server sends the same few statements over and over,
 * so each SQL text is parsed once, by name, and then runs as one call: bind, describe, execute,
 * sync in one buffer. Results and errors are PGlite's own (same parsers, same error objects).
 */

/** Statements kept at once; the oldest is closed first (each holds a plan in the database's memory). */
const MAX_STATEMENTS = 200;

/** A statement the database dropped or can no longer use as it was parsed: parse it again, once. */
const STALE = new Set(['26000' /* invalid_sql_statement_name */, '0A000' /* cached plan changed type */]);

interface Statement {
  name: string;
  paramTypes: number[];
}

const { serialize } = protocol;

const concat = (parts: Uint8Array[]): Uint8Array => Buffer.concat(parts);

export function preparedStatements(db: PGlite) {
  const statements = new Map<string, Statement>();
  let counter = 0;

  const exec = (parts: Uint8Array[]) => db.execProtocolStream(concat(parts), { syncToFs: false });

  async function prepare(sql: string): Promise<Statement> {
    const name = `leia_${++counter}`;
    const messages = await exec([
      serialize.parse({ name, text: sql, types: [] }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const described = messages.find((m) => m.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const statement = { name, paramTypes: described?.dataTypeIDs ?? [] };
    if (statements.size >= MAX_STATEMENTS) {
      const [oldest, { name: dropped }] = statements.entries().next().value!;
      statements.delete(oldest);
      await exec([serialize.close({ type: 'S', name: dropped }), serialize.sync()]);
    }
    statements.set(sql, statement);
    return statement;
  }

  /** PGlite's own serialization of a parameter for its type (as `PGlite.query` does it). */
  const serializeParam = (value: unknown, type: number | undefined): string | null => {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : db.serializers[type];
    return serializer ? serializer(value) : String(value);
  };

  async function run(sql: string, params: unknown[], rowMode: 'array' | 'object') {
    const statement = statements.get(sql) ?? (await prepare(sql));
    const values = params.map((value, i) => serializeParam(value, statement.paramTypes[i]));
    const messages = await exec([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    await db.syncToFs();
    return parse.parseResults(messages, db.parsers, { rowMode })[0] as Results;
  }

  return {
    /** Runs one statement, in PGlite's query order (under the same two locks as `PGlite.query`). */
    query(sql: string, params: unknown[] | undefined, rowMode: 'array' | 'object'): Promise<Results> {
      return db._runExclusiveTransaction(() =>
        db._runExclusiveQuery(async () => {
          try {
            return await run(sql, params ?? [], rowMode);
          } catch (error) {
            const stale = statements.get(sql);
            if (!stale || !STALE.has((error as { code?: string }).code ?? '')) throw error;
            statements.delete(sql);
            await exec([serialize.close({ type: 'S', name: stale.name }), serialize.sync()]);
            return run(sql, params ?? [], rowMode);
          }
        }),
      );
    },
  };
}
