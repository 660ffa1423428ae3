import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDatabase } from '@server/db/client';
import { type PgliteThread, startPgliteThread } from '@server/db/pglite-thread';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '@server/errors';

// PGlite only: vite.config.ts leaves this file out of the PostgreSQL run.
describe('the PGlite database thread', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await startPgliteThread('memory://');
    await db.query('create table notes (id int primary key, text text not null)');
  });
  afterAll(() => db.close());
  beforeEach(() => db.query('delete from notes'));

  const count = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from notes')).rows[0]!.n;

  it('has run the migrations before it answers', async () => {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('starts with 32 MB of shared buffers and plans each statement for its values', async () => {
    const { rows } = await db.query<{ buffers: string; plans: string }>(
      "select current_setting('shared_buffers') as buffers, current_setting('plan_cache_mode') as plans",
    );
    expect(rows).toEqual([{ buffers: '32MB', plans: 'force_custom_plan' }]);
  });

  it('answers many queries sent at once, each with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => db.query<{ v: number }>('select $1::int * 2 as v', [i])),
    );
    expect(results.map((r) => r.rows[0]!.v)).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
  });

  it('returns rows as arrays when asked', async () => {
    const { rows } = await db.query('select 1 as a, 2 as b', [], { rowMode: 'array' });
    expect(rows).toEqual([[1, 2]]);
  });

  it('keeps other callers out of an open transaction until it ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query("insert into notes values (1, 'inside')");
      await held;
      throw new Error('roll it back');
    });
    // Sent while the transaction is open: must neither see its row nor be rolled back with it.
    const outside = db.query("insert into notes values (2, 'outside') returning id");
    const seen = db.query<{ n: number }>('select count(*)::int as n from notes');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(transaction).rejects.toThrow('roll it back');
    expect((await outside).rows).toEqual([{ id: 2 }]);
    expect((await seen).rows).toEqual([{ n: 1 }]);
    expect((await db.query('select id from notes')).rows).toEqual([{ id: 2 }]);
  });

  it('commits a transaction and returns its result', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query("insert into notes values (1, 'a'), (2, 'b')");
      return 'done';
    });
    expect(result).toBe('done');
    expect(await count()).toBe(2);
  });

  it('rolls back on a failed statement and passes on the Postgres error code', async () => {
    await db.query("insert into notes values (1, 'a')");
    const failed = db.transaction(async (tx) => {
      await tx.query("insert into notes values (2, 'b')");
      await tx.query("insert into notes values (1, 'duplicate')");
    });
    await expect(failed).rejects.toThrow(/duplicate key/);
    expect(pgErrorCode(await failed.catch((error: unknown) => error))).toBe(PG_UNIQUE_VIOLATION);
    expect(await count()).toBe(1);
  });

  it('runs a statement it ran before against the table as it is now', async () => {
    // Statements are parsed once and kept by name: a kept plan must not outlive the table's shape.
    await db.query("insert into notes values (1, 'a')");
    const read = () => db.query('select * from notes where id = $1', [1]);
    expect((await read()).rows).toEqual([{ id: 1, text: 'a' }]);
    await db.query("alter table notes add column extra text not null default 'x'");
    try {
      expect((await read()).rows).toEqual([{ id: 1, text: 'a', extra: 'x' }]);
    } finally {
      await db.query('alter table notes drop column extra');
    }
    expect((await read()).rows).toEqual([{ id: 1, text: 'a' }]);
  });

  it('passes parameters of every kind as PGlite does', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      'select $1::jsonb as doc, $2::int[] as list, $3::bool as flag, $4::text as missing, $5::timestamptz as at',
      [{ a: [1, 'two'] }, [1, 2], true, null, new Date('2020-01-02T03:04:05Z')],
    );
    expect(rows).toEqual([
      { doc: { a: [1, 'two'] }, list: [1, 2], flag: true, missing: null, at: expect.anything() },
    ]);
  });

  it('runs transactions one after another', async () => {
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name, i) =>
        db.transaction(async (tx) => {
          order.push(`${name} begins`);
          await tx.query('insert into notes values ($1, $2)', [i, name]);
          await new Promise((resolve) => setTimeout(resolve, 10));
          order.push(`${name} ends`);
        }),
      ),
    );
    expect(order).toEqual(['a begins', 'a ends', 'b begins', 'b ends', 'c begins', 'c ends']);
    expect(await count()).toBe(3);
  });
});

describe('starting and stopping the database thread', () => {
  it('keeps data in its folder across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'leia-thread-'));
    try {
      const first = await startPgliteThread(dir);
      await first.query("insert into settings values ('probe', 'kept')");
      await first.close();
      const second = await startPgliteThread(dir);
      expect((await second.query('select value from settings where key = $1', ['probe'])).rows).toEqual([
        { value: 'kept' },
      ]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails to start with a clear error when the data folder cannot be used', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'leia-thread-'));
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, 'x');
    try {
      // PGlite's file system throws {name, errno}, not an Error: its message still says what it was.
      await expect(startPgliteThread(file)).rejects.toThrow(/^ErrnoError \(errno \d+\)$/);
      const database = startDatabase({ dataDir: file });
      await expect(database.ready).rejects.toThrow(`Could not open the database in ${file}: ErrnoError`);
      await database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers queries after close with an error instead of hanging', async () => {
    const db = await startPgliteThread('memory://');
    await db.close();
    await expect(db.query('select 1')).rejects.toThrow('The database is closed');
  });
});
