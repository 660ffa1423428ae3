import { LEIA_PAGE_SIZE, type LeiaListItem, leiaListItemSchema } from '@shared/schemas/leias';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import {
  createLeia,
  createParts,
  createResource,
  type Parts,
  personaBody,
  problemBody,
  uniqueName,
} from './resource-helpers';

let t: TestApp;
let instructor: TestUser;
let other: TestUser;
let published: Parts;
beforeAll(async () => {
  t = await createTestApp();
  instructor = await t.createUser('instructor');
  other = await t.createUser('instructor');
  published = await createParts(t, t.admin.token, { publish: true });
});
afterAll(() => t.close());

/** A word no other test uses, so a text filter isolates one test's rows. */
let words = 0;
const uniqueWord = () => `zq${++words}x${process.pid}`;

/** Summary rows (what our Search asks for); the contract's full rows are tested in leias-contract. */
const search = async (token: string, query: Record<string, string>) => {
  const params = new URLSearchParams({ fields: 'summary', ...query });
  const res = await t.request({ method: 'GET', url: `/api/v1/leias?${params}`, token });
  expect(res.statusCode).toBe(200);
  const items = res.json<LeiaListItem[]>();
  for (const item of items) leiaListItemSchema.parse(item);
  const total = res.headers['x-total-count'];
  return {
    items,
    next: res.headers['x-next-cursor'] as string | undefined,
    total: total === undefined ? undefined : Number(total),
  };
};
const names = (items: LeiaListItem[]) =>
  items.map((item) => `${item.metadata.name}@${item.metadata.version}`);

/** A LEIA named `${word} ...`, built on the published parts. */
const leiaWith = (
  token: string,
  word: string,
  options: { version?: string; publish?: boolean; name?: string } = {},
) => createLeia(t, token, published, { name: options.name ?? `${word} ${uniqueName('LEIA')}`, ...options });

describe('rows', () => {
  it('carry the list shape, the owner’s email and role, and the same times as GET one', async () => {
    const word = uniqueWord();
    const leia = await leiaWith(instructor.token, word);
    const { items } = await search(instructor.token, { text: word });
    expect(items).toEqual([
      {
        id: leia.id,
        metadata: leia.metadata,
        isPublished: false,
        createdAt: leia.createdAt,
        updatedAt: leia.updatedAt,
        user: { id: instructor.id, email: instructor.email, role: 'instructor' },
        description: leia.description,
        parts: {
          persona: published.persona.id,
          problem: published.problem.id,
          behaviour: published.behaviour.id,
        },
      },
    ]);
  });

  it('come newest first', async () => {
    const word = uniqueWord();
    const first = await leiaWith(t.admin.token, word);
    const second = await leiaWith(t.admin.token, word);
    const third = await leiaWith(t.admin.token, word);
    expect((await search(t.admin.token, { text: word })).items.map((item) => item.id)).toEqual([
      third.id,
      second.id,
      first.id,
    ]);
  });
});

describe('text', () => {
  it('matches the name and the description, case-insensitively', async () => {
    const word = uniqueWord();
    const byName = await leiaWith(t.admin.token, word.toUpperCase());
    const problem = await createResource(
      t,
      t.admin.token,
      'problem',
      problemBody(uniqueName('Problem'), { description: `A system for the ${word} society` }),
      true,
    );
    const byDescription = await createLeia(t, t.admin.token, { ...published, problem });
    const { items } = await search(t.admin.token, { text: `  ${word.slice(0, -1).toUpperCase()} ` });
    expect(items.map((item) => item.id).sort()).toEqual([byName.id, byDescription.id].sort());
    expect(items.find((item) => item.id === byDescription.id)?.description).toBe(
      `A system for the ${word} society`,
    );
  });

  it('falls back to the persona’s description when the resolved problem has none', async () => {
    const word = uniqueWord();
    const persona = await createResource(
      t,
      t.admin.token,
      'persona',
      personaBody(uniqueName('Persona'), { description: `Runs the ${word} shop` }),
    );
    const problem = await createResource(
      t,
      t.admin.token,
      'problem',
      problemBody(uniqueName('Problem'), { overrides: { 'problem.spec.description': '' } }),
    );
    const leia = await createLeia(t, t.admin.token, { ...published, persona, problem });
    expect(leia.description).toBe(`Runs the ${word} shop`);
    expect((await search(t.admin.token, { text: word })).items.map((item) => item.id)).toEqual([leia.id]);
  });

  it('treats % and _ literally and never matches across the name and the description', async () => {
    const word = uniqueWord();
    const literal = await leiaWith(t.admin.token, `${word} 100%_done`);
    await leiaWith(t.admin.token, `${word} 100xxdone`);
    expect((await search(t.admin.token, { text: '100%_d' })).items.map((item) => item.id)).toEqual([
      literal.id,
    ]);
    // Names end in "…LEIA n-pid", descriptions start with "The bakery": no match across the two,
    // whatever whitespace the search uses.
    for (const gap of [' ', '\n', ' \n ']) {
      expect((await search(t.admin.token, { text: `${process.pid}${gap}the bakery` })).items).toEqual([]);
    }
  });

  it('ignores blank text', async () => {
    const { items } = await search(t.admin.token, { text: '   ', limit: '1' });
    expect(items).toHaveLength(1);
  });
});

describe('version', () => {
  it('latest keeps each name’s highest version; empty or absent keeps all; x.y.z keeps that one', async () => {
    const word = uniqueWord();
    const name = `${word} versions`;
    for (const version of ['1.0.0', '1.2.0', '1.10.0'])
      await leiaWith(t.admin.token, word, { name, version });
    const other = `${word} single`;
    await leiaWith(t.admin.token, word, { name: other });

    expect(names((await search(t.admin.token, { text: word, version: 'latest' })).items)).toEqual([
      `${other}@1.0.0`,
      `${name}@1.10.0`,
    ]);
    const all = [`${other}@1.0.0`, `${name}@1.10.0`, `${name}@1.2.0`, `${name}@1.0.0`];
    expect(names((await search(t.admin.token, { text: word, version: '' })).items)).toEqual(all);
    expect(names((await search(t.admin.token, { text: word })).items)).toEqual(all);
    expect(names((await search(t.admin.token, { text: word, version: '1.2.0' })).items)).toEqual([
      `${name}@1.2.0`,
    ]);
  });

  it('latest is the highest version among the rows the caller’s visibility keeps', async () => {
    const word = uniqueWord();
    const name = `${word} draft`;
    await leiaWith(t.admin.token, word, { name, publish: true });
    await leiaWith(t.admin.token, word, { name, version: '2.0.0' }); // unpublished
    const latest = async (token: string, visibility: string) =>
      names((await search(token, { text: word, version: 'latest', visibility })).items);

    expect(await latest(t.admin.token, 'all')).toEqual([`${name}@2.0.0`]);
    expect(await latest(t.admin.token, 'public')).toEqual([`${name}@1.0.0`]);
    expect(await latest(t.admin.token, 'private')).toEqual([`${name}@2.0.0`]);
    // Another user cannot see the unpublished v2, so for them v1 is the latest.
    expect(await latest(instructor.token, 'all')).toEqual([`${name}@1.0.0`]);
    expect(await latest(instructor.token, 'private')).toEqual([]);
  });

  it('latest for a non-admin counts their own unpublished versions', async () => {
    const word = uniqueWord();
    const name = `${word} mine`;
    await leiaWith(instructor.token, word, { name });
    await leiaWith(instructor.token, word, { name, version: '1.1.0' });
    expect(names((await search(instructor.token, { text: word, version: 'latest' })).items)).toEqual([
      `${name}@1.1.0`,
    ]);
    expect(names((await search(other.token, { text: word, version: 'latest' })).items)).toEqual([]);
  });

  it('latest: a draft outranked by a newer published version disappears; public takes the highest published', async () => {
    const word = uniqueWord();
    const name = `${word} shared`;
    await leiaWith(instructor.token, word, { name }); // the instructor's draft 1.0.0
    await leiaWith(t.admin.token, word, { name, version: '2.0.0', publish: true });
    await leiaWith(t.admin.token, word, { name, version: '3.0.0', publish: true });
    // A draft the admin made: every version of a design stays its owner's, so the instructor's.
    await leiaWith(t.admin.token, word, { name, version: '4.0.0' });
    const latest = async (token: string, visibility: string) =>
      names((await search(token, { text: word, version: 'latest', visibility })).items);
    expect(await latest(instructor.token, 'all')).toEqual([`${name}@4.0.0`]);
    expect(await latest(instructor.token, 'public')).toEqual([`${name}@3.0.0`]);
    expect(await latest(instructor.token, 'private')).toEqual([`${name}@4.0.0`]);
    expect(await latest(other.token, 'all')).toEqual([`${name}@3.0.0`]);
    expect(await latest(t.admin.token, 'all')).toEqual([`${name}@4.0.0`]);
    expect(await latest(t.admin.token, 'public')).toEqual([`${name}@3.0.0`]);
    expect(await latest(t.admin.token, 'private')).toEqual([`${name}@4.0.0`]);
    // Deleting the newest published version hands "latest" back to the one below it.
    const v3 = (await search(t.admin.token, { text: word, version: '3.0.0' })).items[0]!;
    await t.request({ method: 'DELETE', url: `/api/v1/leias/${v3.id}`, token: t.admin.token });
    expect(await latest(instructor.token, 'public')).toEqual([`${name}@2.0.0`]);
    expect(await latest(other.token, 'all')).toEqual([`${name}@2.0.0`]);
  });

  it('latest pages merge published rows and the caller’s drafts newest first', async () => {
    const word = uniqueWord();
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      order.unshift(
        `${(await leiaWith(t.admin.token, word, { name: `${word} p${i}`, publish: true })).metadata.name}@1.0.0`,
      );
      order.unshift(
        `${(await leiaWith(instructor.token, word, { name: `${word} d${i}` })).metadata.name}@1.0.0`,
      );
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await search(instructor.token, {
        text: word,
        version: 'latest',
        limit: '4',
        ...(cursor && { cursor }),
      });
      seen.push(...names(page.items));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(order);
  });

  it('rejects a malformed version', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/leias?version=newest', token: t.admin.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toEqual({
      version: "Version must be 'latest', empty (all versions) or x.y.z",
    });
  });
});

describe('visibility', () => {
  let word: string;
  let mine: LeiaListItem['id'];
  let theirs: LeiaListItem['id'];
  let shown: LeiaListItem['id'];
  beforeAll(async () => {
    word = uniqueWord();
    mine = (await leiaWith(instructor.token, word)).id;
    theirs = (await leiaWith(other.token, word)).id;
    shown = (await leiaWith(t.admin.token, word, { publish: true })).id;
  });
  const seen = async (token: string, visibility?: string) =>
    (await search(token, { text: word, ...(visibility && { visibility }) })).items
      .map((item) => item.id)
      .sort();

  it.each([
    ['owner', 'all', () => [mine, shown]],
    ['owner', undefined, () => [mine, shown]],
    ['owner', 'private', () => [mine]],
    ['owner', 'public', () => [shown]],
    ['other', 'all', () => [theirs, shown]],
    ['other', 'private', () => [theirs]],
    ['other', 'public', () => [shown]],
    ['admin', 'all', () => [mine, theirs, shown]],
    ['admin', 'private', () => [mine, theirs]],
    ['admin', 'public', () => [shown]],
  ] as const)('%s, visibility=%s', async (who, visibility, expected) => {
    const token = who === 'owner' ? instructor.token : who === 'other' ? other.token : t.admin.token;
    expect(await seen(token, visibility)).toEqual([...expected()].sort());
  });

  it('owner=me keeps the caller’s own LEIAs, published or not', async () => {
    const published = await leiaWith(t.admin.token, word, { publish: true });
    const items = (await search(t.admin.token, { text: word, owner: 'me' })).items
      .map((item) => item.id)
      .sort();
    expect(items).toEqual([shown, published.id].sort());
    expect(
      (await search(instructor.token, { text: word, owner: 'me' })).items.map((item) => item.id),
    ).toEqual([mine]);
  });

  it('rejects an unknown visibility', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/leias?visibility=everyone',
      token: t.admin.token,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('keyset pagination (newest first, one version per name)', () => {
  it('walks every row exactly once, newest first, and ends without a cursor', async () => {
    const word = uniqueWord();
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.unshift((await leiaWith(t.admin.token, word)).id);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await search(t.admin.token, {
        text: word,
        version: 'latest',
        limit: '2',
        ...(cursor && { cursor }),
      });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(seen).toEqual(created);
    expect(pages).toBe(3);
  });

  it('gives no cursor when the page is exactly the rest of the list', async () => {
    const word = uniqueWord();
    await leiaWith(t.admin.token, word);
    await leiaWith(t.admin.token, word);
    const page = await search(t.admin.token, { text: word, version: 'latest', limit: '2' });
    expect(page.items).toHaveLength(2);
    expect(page.next).toBeUndefined();
  });

  it('keeps working when rows are added between pages', async () => {
    const word = uniqueWord();
    const old = [(await leiaWith(t.admin.token, word)).id, (await leiaWith(t.admin.token, word)).id];
    const first = await search(t.admin.token, { text: word, version: 'latest', limit: '1' });
    await leiaWith(t.admin.token, word); // newer than everything: never shows up on a later page
    const second = await search(t.admin.token, {
      text: word,
      version: 'latest',
      limit: '5',
      cursor: first.next!,
    });
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(old.reverse());
  });

  it.each([
    ['limit=0', 'Limit must be at least 1'],
    ['limit=201', 'Limit must be at most 200'],
    ['limit=abc', 'Limit must be a number'],
    ['cursor=bogus', 'Cursor is not valid; pass the x-next-cursor value of the previous page'],
  ])('rejects %s', async (query, message) => {
    const res = await t.request({ method: 'GET', url: `/api/v1/leias?${query}`, token: t.admin.token });
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.json().validationErrors)).toEqual([message]);
  });

  it('without limit answers every match up to 1,000 rows, then a cursor to the rest', async () => {
    const word = uniqueWord();
    const template = await leiaWith(t.admin.token, word, { name: `${word} 0` });
    // 1,000 more copies of it in one statement (1,000 POSTs would take most of a minute).
    await t.app.ctx.db.execute(sql`
      insert into leias (name, version, major, minor, patch, spec, restricted_spec, description,
        persona_id, problem_id, behaviour_id, owner_id, is_published, created_at)
      select ${word} || ' ' || n, version, major, minor, patch, spec, restricted_spec, description,
        persona_id, problem_id, behaviour_id, owner_id, is_published, created_at + n * interval '1 ms'
      from leias, generate_series(1, ${LEIA_PAGE_SIZE.whole}) n where id = ${template.id}`);
    for (const version of ['latest', '']) {
      const whole = await search(t.admin.token, { text: word, version });
      expect(whole.items).toHaveLength(LEIA_PAGE_SIZE.whole);
      expect(whole.total).toBe(LEIA_PAGE_SIZE.whole + 1);
      const rest = await search(t.admin.token, { text: word, version, cursor: whole.next! });
      expect(rest.items).toHaveLength(1);
      expect(rest.next).toBeUndefined();
      expect(new Set([...whole.items, ...rest.items].map((item) => item.id)).size).toBe(
        LEIA_PAGE_SIZE.whole + 1,
      );
    }
  });
});

describe('total', () => {
  it('the first page says how many LEIAs match in all, on either kind of paging; later pages do not', async () => {
    const word = uniqueWord();
    const name = `${word} versions`;
    for (const version of ['1.0.0', '1.1.0']) await leiaWith(t.admin.token, word, { name, version });
    for (let i = 0; i < 3; i++) await leiaWith(t.admin.token, word);
    const latest = await search(t.admin.token, { text: word, version: 'latest', limit: '2' });
    expect(latest.total).toBe(4);
    expect((await search(t.admin.token, { text: word, version: 'latest', cursor: latest.next! })).total).toBe(
      undefined,
    );
    const all = await search(t.admin.token, { text: word, version: '', limit: '2' });
    expect(all.total).toBe(5);
    expect((await search(t.admin.token, { text: word, version: '', cursor: all.next! })).total).toBe(
      undefined,
    );
    expect((await search(t.admin.token, { text: `${word}-nothing` })).total).toBe(0);
  });

  it('counts only what the caller may see', async () => {
    const word = uniqueWord();
    await leiaWith(t.admin.token, word, { publish: true });
    await leiaWith(t.admin.token, word); // an admin's draft
    await leiaWith(instructor.token, word);
    expect((await search(instructor.token, { text: word, version: 'latest' })).total).toBe(2);
    expect((await search(other.token, { text: word, version: 'latest' })).total).toBe(1);
    expect((await search(t.admin.token, { text: word, version: 'latest' })).total).toBe(3);
  });
});

describe('order', () => {
  it('all versions: the versions of one name stay together, highest first, the group placed by its newest row', async () => {
    const word = uniqueWord();
    const a = `${word} alpha`;
    const b = `${word} beta`;
    await leiaWith(t.admin.token, word, { name: a, version: '1.0.0' });
    await leiaWith(t.admin.token, word, { name: b, version: '1.0.0' });
    await leiaWith(t.admin.token, word, { name: a, version: '1.2.0' });
    await leiaWith(t.admin.token, word, { name: b, version: '2.0.0' });
    await leiaWith(t.admin.token, word, { name: a, version: '1.10.0' }); // newest first would interleave
    const expected = [`${a}@1.10.0`, `${a}@1.2.0`, `${a}@1.0.0`, `${b}@2.0.0`, `${b}@1.0.0`];
    expect(names((await search(t.admin.token, { text: word, version: '' })).items)).toEqual(expected);
    // Paging by position walks the same order, every row once.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await search(t.admin.token, {
        text: word,
        version: '',
        limit: '2',
        ...(cursor && { cursor }),
      });
      seen.push(...names(page.items));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('sort=name: A to Z, case-insensitively, versions highest first', async () => {
    const word = uniqueWord();
    for (const [suffix, version] of [
      ['Charlie', '1.0.0'],
      ['alpha', '1.0.0'],
      ['Bravo', '1.0.0'],
      ['alpha', '2.0.0'],
    ] as const)
      await leiaWith(t.admin.token, word, { name: `${word} ${suffix}`, version });
    expect(names((await search(t.admin.token, { text: word, version: '', sort: 'name' })).items)).toEqual([
      `${word} alpha@2.0.0`,
      `${word} alpha@1.0.0`,
      `${word} Bravo@1.0.0`,
      `${word} Charlie@1.0.0`,
    ]);
    expect(
      names((await search(t.admin.token, { text: word, version: 'latest', sort: 'name' })).items),
    ).toEqual([`${word} alpha@2.0.0`, `${word} Bravo@1.0.0`, `${word} Charlie@1.0.0`]);
  });

  it('sort=relevance: the name equal to the text, then names starting with it, then containing it, then the description; newest first within each', async () => {
    const word = uniqueWord();
    const inName = await leiaWith(t.admin.token, word, { name: `The ${word} shop` });
    const exact = await leiaWith(t.admin.token, word, { name: word });
    const starts = await leiaWith(t.admin.token, word, { name: `${word} bakery` });
    const problem = await createResource(
      t,
      t.admin.token,
      'problem',
      problemBody(undefined, { description: `Mentions ${word} only here` }),
    );
    const inDescription = await createLeia(
      t,
      t.admin.token,
      { ...published, problem },
      { name: uniqueName('Unrelated') },
    );
    const relevance = await search(t.admin.token, { text: word, version: 'latest', sort: 'relevance' });
    expect(relevance.items.map((item) => item.id)).toEqual([
      exact.id,
      starts.id,
      inName.id,
      inDescription.id,
    ]);
    const newest = await search(t.admin.token, { text: word, version: 'latest' });
    expect(newest.items.map((item) => item.id)).toEqual([inDescription.id, starts.id, exact.id, inName.id]);
    // Without text, relevance is newest first.
    expect((await search(t.admin.token, { version: 'latest', sort: 'relevance', limit: '3' })).items).toEqual(
      (await search(t.admin.token, { version: 'latest', limit: '3' })).items,
    );
  });

  it('rejects an unknown sort, and a cursor of the other order', async () => {
    const bad = await t.request({ method: 'GET', url: '/api/v1/leias?sort=oldest', token: t.admin.token });
    expect(bad.statusCode).toBe(400);
    expect(Object.values(bad.json().validationErrors)).toEqual([
      "Sort must be 'newest', 'name' or 'relevance'",
    ]);
    const word = uniqueWord();
    for (let i = 0; i < 2; i++) await leiaWith(t.admin.token, word);
    const byKey = await search(t.admin.token, { text: word, version: 'latest', limit: '1' });
    const byPosition = await search(t.admin.token, { text: word, sort: 'name', limit: '1' });
    for (const [query, cursor] of [
      [`sort=name&text=${word}`, byKey.next!],
      [`version=latest&text=${word}`, byPosition.next!],
    ]) {
      const res = await t.request({
        method: 'GET',
        url: `/api/v1/leias?${query}&cursor=${encodeURIComponent(cursor)}`,
        token: t.admin.token,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Cursor is not valid; pass the x-next-cursor value of the previous page',
      );
    }
  });
});
