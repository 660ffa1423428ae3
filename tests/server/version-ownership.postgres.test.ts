import { resources } from '@server/db/schema';
import { VERSION_TEXTS } from '@server/services/versions';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import { apiPost, createResource, personaVersion, uniqueName } from './resource-helpers';

/**
 * A save overtaken while it waited for its design's name (issue 21, item 4; the rest is
 * version-ownership.test.ts). Only PostgreSQL runs transactions side by side, so this file runs in
 * the server-pg project only (PGlite runs one at a time: nothing can be saved between a request's
 * arrival and its claim there).
 */

let t: TestApp;
let instructor: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  instructor = await t.createUser('instructor');
});
afterAll(() => t.close());

const post = (url: string, token: string, payload?: object) => apiPost(t, url, token, payload);

describe('concurrent saves of one persona on PostgreSQL', () => {
  // Only PostgreSQL runs transactions side by side; PGlite runs one at a time, so nothing can be
  // saved between a request's arrival and its claim there.
  it('a save overtaken while it waited for the name is told another version was saved meanwhile (409)', async () => {
    const name = uniqueName('Overtaken');
    const v1 = await createResource(t, instructor.token, 'persona', personaVersion(name, '1.0.0'));
    const db = t.app.ctx.db;
    let pending: ReturnType<typeof post> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`persona:${name}`}, 0))`);
      pending = post('/personas', instructor.token, personaVersion(name, '1.1.0'));
      await vi.waitFor(
        async () => {
          const result = (await db.execute(
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
          )) as unknown as { rows: Array<{ n: number }> };
          expect(result.rows[0]?.n).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 20 },
      );
      const {
        id: _id,
        createdAt: _c,
        updatedAt: _u,
        ...row
      } = (await tx.select().from(resources).where(eq(resources.id, v1.id)))[0]!;
      await tx.insert(resources).values({ ...row, version: '2.0.0', major: 2, minor: 0, patch: 0 });
    });
    const response = await pending!;
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(VERSION_TEXTS.savedMeanwhile('persona', name, '1.1.0', '2.0.0'));
  });
});
