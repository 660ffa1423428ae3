import { buildApp } from '@server/app';
import type { LeiaListRow } from '@shared/schemas/leias';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import { createLeia, createParts, type Parts, uniqueName } from './resource-helpers';

/**
 * Lists are kept per process until something they show changes (services/leia-list-cache.ts): the
 * same search asked again after each kind of change must show the change, on this server, on a
 * second server on the same database, and after a write that went around the API.
 */

let t: TestApp;
let other: FastifyInstance;
let instructor: TestUser;
let parts: Parts;
beforeAll(async () => {
  t = await createTestApp();
  // A second server on the same database, with its own cache (closing it leaves the database).
  other = await buildApp(t.app.ctx.config, { database: { ...t.app.ctx.database, close: async () => {} } });
  instructor = await t.createUser('instructor');
  parts = await createParts(t, t.admin.token, { publish: true });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

let words = 0;
const uniqueWord = () => `cachezq${++words}x${process.pid}`;

/** The same search each time, on either server. */
const search = async (token: string, word: string, on: 'first' | 'second' = 'first') => {
  const response = await (on === 'first' ? t.app : other).inject({
    method: 'GET',
    url: `/api/v1/leias?text=${word}&version=`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return { rows: response.json<LeiaListRow[]>(), total: Number(response.headers['x-total-count']) };
};
const names = (rows: LeiaListRow[]) => rows.map((row) => row.metadata.name).sort();

describe('a search asked again', () => {
  it('shows a LEIA created, renamed, published and deleted since, on both servers', async () => {
    const word = uniqueWord();
    const first = await createLeia(t, t.admin.token, parts, { name: `${word} one` });
    for (const on of ['first', 'second'] as const) {
      expect(names((await search(t.admin.token, word, on)).rows)).toEqual([`${word} one`]);
      expect((await search(instructor.token, word, on)).rows).toEqual([]);
    }
    const second = await createLeia(t, t.admin.token, parts, { name: `${word} two`, publish: true });
    for (const on of ['first', 'second'] as const) {
      expect(await search(t.admin.token, word, on)).toMatchObject({ total: 2 });
      expect(names((await search(instructor.token, word, on)).rows)).toEqual([`${word} two`]);
    }
    // Around the API: as another process or a tool would.
    await t.app.ctx.db.execute(
      sql`update leias set name = ${`${word} renamed`}, is_published = true where id = ${first.id}`,
    );
    for (const on of ['first', 'second'] as const) {
      expect(names((await search(instructor.token, word, on)).rows)).toEqual([
        `${word} renamed`,
        `${word} two`,
      ]);
    }
    const removed = await other.inject({
      method: 'DELETE',
      url: `/api/v1/leias/${second.id}`,
      headers: { authorization: `Bearer ${t.admin.token}` },
    });
    expect(removed.statusCode).toBe(204);
    for (const on of ['first', 'second'] as const) {
      expect(await search(t.admin.token, word, on)).toMatchObject({ total: 1 });
      expect(names((await search(instructor.token, word, on)).rows)).toEqual([`${word} renamed`]);
    }
  });

  it('shows the owner’s new email and role in the rows, and the caller’s new role in the specs', async () => {
    const word = uniqueWord();
    const owner = await t.createUser('advanced');
    await createLeia(t, owner.token, parts, { name: `${word} owned` });
    const viewer = await t.createUser('advanced');
    await createLeia(t, viewer.token, parts, { name: `${word} ${uniqueName('viewer')}` });
    const ownRow = async (token: string) =>
      (await search(token, word)).rows.find((row) => row.metadata.name === `${word} owned`);
    // Read by an admin, whose view of the row does not change with the owner's role.
    expect((await ownRow(t.admin.token))?.user).toEqual({
      id: owner.id,
      email: owner.email,
      role: 'advanced',
    });
    const email = `renamed-${owner.email}`;
    const changed = await t.request({
      method: 'PUT',
      url: `/api/v1/users/${owner.id}`,
      token: t.admin.token,
      payload: { email, role: 'instructor' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await ownRow(t.admin.token))?.user).toEqual({ id: owner.id, email, role: 'instructor' });
    // The viewer's own LEIA, read as an advanced user (whole behaviour), then as an instructor.
    const behaviourOf = async () => (await search(viewer.token, word)).rows[0]?.spec.behaviour.spec;
    expect(await behaviourOf()).toHaveProperty('description');
    await t.request({
      method: 'PUT',
      url: `/api/v1/users/${viewer.id}`,
      token: t.admin.token,
      payload: { email: viewer.email, role: 'instructor' },
    });
    expect(await behaviourOf()).not.toHaveProperty('description');
  });

  it('keeps a page per view: a public page read by an admin, then an instructor, then the admin', async () => {
    const word = uniqueWord();
    await createLeia(t, t.admin.token, parts, { name: `${word} shared`, publish: true });
    // The contract's call: no limit, rows with their spec; the same ids for everyone (public).
    const specOf = async (token: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/v1/leias?text=${word}&visibility=public`,
        token,
      });
      expect(response.statusCode).toBe(200);
      return response.json<LeiaListRow[]>()[0]?.spec.behaviour.spec;
    };
    for (let round = 0; round < 2; round++) {
      expect(await specOf(t.admin.token)).toHaveProperty('description');
      expect(await specOf(instructor.token)).not.toHaveProperty('description');
    }
  });

  it('shows a deleted owner’s LEIA passed to the admin, and a whole list asked again after a new version', async () => {
    const word = uniqueWord();
    const owner = await t.createUser('advanced');
    await createLeia(t, owner.token, parts, { name: `${word} leaving` });
    await createLeia(t, t.admin.token, parts, { name: `${word} kept`, publish: true });
    const whole = async (on: 'first' | 'second') => {
      const response = await (on === 'first' ? t.app : other).inject({
        method: 'GET',
        url: `/api/v1/leias?text=${word}&version=latest`,
        headers: { authorization: `Bearer ${t.admin.token}` },
      });
      expect(response.statusCode).toBe(200);
      return response
        .json<LeiaListRow[]>()
        .map((row) => `${row.metadata.name} ${row.metadata.version} ${row.user.id}`)
        .sort();
    };
    const admin = t.admin.id;
    for (const on of ['first', 'second'] as const) {
      expect(await whole(on)).toEqual([`${word} kept 1.0.0 ${admin}`, `${word} leaving 1.0.0 ${owner.id}`]);
    }
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/${owner.id}`,
      token: t.admin.token,
    });
    expect(removed.statusCode).toBe(204);
    for (const on of ['first', 'second'] as const) {
      expect(await whole(on)).toEqual([`${word} kept 1.0.0 ${admin}`, `${word} leaving 1.0.0 ${admin}`]);
    }
    await createLeia(t, t.admin.token, parts, { name: `${word} kept`, version: '1.1.0', publish: true });
    for (const on of ['first', 'second'] as const) {
      expect(await whole(on)).toEqual([`${word} kept 1.1.0 ${admin}`, `${word} leaving 1.0.0 ${admin}`]);
    }
  });
});
