import { type Actor, isAdmin } from '@shared/permissions';
import { LEIA_TEXTS, type LeiaListCursor, type LeiaListQuery } from '@shared/schemas/leias';
import type { Visibility } from '@shared/schemas/visibility';
import { and, desc, eq, not, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { leias } from '../db/schema';
import { badRequest } from '../errors';
import { visibilityCondition } from './visibility';

/**
 * The Search query (GET /api/v1/leias): which LEIAs, in which order, on which page. It answers ids
 * only (RankedPage); each row's JSON is made by ./leia-rows.ts, and ./leia-list-cache.ts keeps
 * both until something they show changes. Kept apart from the rules in ./leias.ts because it is
 * the hot path the benchmark measures.
 *
 * - text: `search_text` (lower(name \n description), a generated column) LIKE lower('%text%'): the
 *   trigram index leias_search_trgm for texts of three characters or more, a scan for shorter ones.
 * - version=latest: "the highest version of each name among the rows this visibility keeps", from
 *   the trigger-maintained flags is_latest / is_latest_published and their partial indexes (see
 *   latestCandidates), with an anti-join on (name, major, minor, patch) only for drafts.
 * - Newest first over one version per name (the default: version=latest or x.y.z) pages by key:
 *   the cursor is `<created_at in µs since the epoch>_<id>` of the last row, exact because the
 *   timestamp travels as an integer, not as a millisecond ISO string; the first page also counts
 *   the matches (x-total-count).
 * - Every other order (sort=name, sort=relevance with text, or all versions, which keep the
 *   versions of one name together) ranks the matching rows with window functions and pages by
 *   position (`o<offset>`); the count comes with the ranking.
 * - Ranking reads what it ranks only: id, name, version numbers and creation time (plus the
 *   filters' columns), never a row's JSON or spec.
 */

const newer = alias(leias, 'newer');

/** LIKE pattern for "contains `text`", with LIKE's own special characters escaped. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;
/** LIKE pattern for "starts with `text`". */
const prefixPattern = (text: string): string => `${escapeLike(text)}%`;
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of a list, as ids in order. */
export interface RankedPage {
  ids: string[];
  /** Pass as `cursor` to get the next page; absent on the last page. */
  nextCursor?: string;
  /** How many LEIAs match, on every page together; on the first page only. */
  total?: number;
}

type Query = LeiaListQuery;

/** Newest first with one version per name: the hot path, paged by key (no ranking needed). */
const pagedByKey = ({ sort, version, text }: Query): boolean =>
  version !== undefined && (sort === 'newest' || (sort === 'relevance' && !text));

export async function rankLeias(db: Db, actor: Actor, query: Query): Promise<RankedPage> {
  const candidates = candidateRows(db, actor, query);
  const byKey = pagedByKey(query);
  const { cursor } = query;
  // A cursor of the other form comes from another order: its next page would be wrong.
  if (cursor && byKey !== isKeyCursor(cursor)) throw badRequest(LEIA_TEXTS.cursor);
  return byKey
    ? keysetPage(db, query, candidates, cursor as KeyCursor | undefined)
    : rankedPage(db, query, candidates, (cursor as { offset: number } | undefined)?.offset ?? 0);
}

type KeyCursor = Extract<LeiaListCursor, { micros: string }>;
const isKeyCursor = (cursor: LeiaListCursor): cursor is KeyCursor => 'micros' in cursor;
type Page = { limit: number; after?: KeyCursor };

/** The matching rows, narrow (id, name, version numbers, created_at): what ranking and counting need. */
interface Candidates {
  /** One more than the page, after the key cursor, newest first. */
  page: (page: Page) => SQL;
  /** Every match. */
  all: () => SQL;
}

/** No newer version of the same name among the rows `among` keeps. */
const newest = (db: Db, among: SQL | undefined): SQL =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(newer)
      .where(
        and(
          eq(newer.name, leias.name),
          sql`(${newer.major}, ${newer.minor}, ${newer.patch}) > (${leias.major}, ${leias.minor}, ${leias.patch})`,
          among,
        ),
      ),
  );

const afterKey = ({ micros, id }: KeyCursor): SQL =>
  sql`(${leias.createdAt}, ${leias.id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)`;

const narrowColumns = {
  id: leias.id,
  name: leias.name,
  major: leias.major,
  minor: leias.minor,
  patch: leias.patch,
  createdAt: sql`${leias.createdAt}`.as('created_at'),
};

/** The matching rows under `where`, narrow; with a page, its rows (and one more) newest first. */
type Rows = (where: SQL | undefined, page?: Page) => SQL;

function candidateRows(db: Db, actor: Actor, query: Query): Candidates {
  const { text, version, visibility, owner } = query;
  const filters = and(
    owner === 'me' ? eq(leias.ownerId, actor.id) : undefined,
    text ? sql`${leias.searchText} like lower(${containsPattern(text)})` : undefined,
    version && version !== 'latest' ? eq(leias.version, version) : undefined,
  );
  const rows: Rows = (where, page) => {
    const select = db
      .select(narrowColumns)
      .from(leias)
      .where(and(filters, where, page?.after ? afterKey(page.after) : undefined));
    // One more row than the page, to know whether there is a next page.
    return sql`${page ? select.orderBy(desc(leias.createdAt), desc(leias.id)).limit(page.limit + 1) : select}`;
  };
  const matching = (page?: Page): SQL =>
    version === 'latest'
      ? latestCandidates(db, actor, visibility, rows, page)
      : rows(visibilityCondition(actor, leias, visibility), page);
  return { page: (page) => matching(page), all: () => matching() };
}

/**
 * "Latest" per visibility, each served by a partial index that holds only candidate rows:
 * - an admin's `all`: the highest version overall (is_latest);
 * - `public`, for anyone: the highest published version (is_latest_published);
 * - anyone else's `all` (published + own): a published latest version unless the caller has a
 *   newer draft of it, plus the caller's drafts that nothing visible outranks: two ordered scans
 *   merged, never a walk over every old version;
 * - `private`: drafts (the caller's, or all for an admin) that no other draft outranks.
 */
function latestCandidates(db: Db, actor: Actor, visibility: Visibility, rows: Rows, page?: Page): SQL {
  if (visibility === 'all' && isAdmin(actor)) return rows(eq(leias.isLatest, true), page);
  if (visibility === 'public') return rows(eq(leias.isLatestPublished, true), page);
  if (visibility === 'all') {
    const myDraft = and(eq(newer.ownerId, actor.id), not(newer.isPublished));
    const published = rows(and(eq(leias.isLatestPublished, true), newest(db, myDraft)), page);
    const drafts = rows(
      and(
        eq(leias.ownerId, actor.id),
        not(leias.isPublished),
        newest(db, visibilityCondition(actor, newer, 'all')),
      ),
      page,
    );
    const union = sql`(${published}) union all (${drafts})`;
    return page ? sql`${union} order by created_at desc, id desc limit ${page.limit + 1}` : union;
  }
  return rows(
    and(
      visibilityCondition(actor, leias, visibility),
      newest(db, visibilityCondition(actor, newer, visibility)),
    ),
    page,
  );
}

type RankedRow = { ids: string | null; next_cursor: string | null; total: string | number | null };

async function keysetPage(db: Db, query: Query, candidates: Candidates, after?: KeyCursor) {
  const { limit } = query;
  const result = await db.execute(sql`
    select
      string_agg(p.id::text, ',' order by p.position) filter (where p.position <= ${limit}) as ids,
      max((extract(epoch from p.created_at) * 1000000)::bigint::text || '_' || p.id)
        filter (where p.position = ${limit} and p.fetched > ${limit}) as next_cursor,
      ${
        after
          ? sql`null`
          : // A first page that holds every match counts itself; only a longer list is counted again.
            sql`case when coalesce(max(p.fetched), 0) <= ${limit} then coalesce(max(p.fetched), 0)
              else (select count(*) from (${candidates.all()}) counted) end`
      } as total
    from (
      select c.id, c.created_at,
        row_number() over (order by c.created_at desc, c.id desc) as position, count(*) over () as fetched
      from (${candidates.page({ limit, after })}) c
    ) p
  `);
  return rankedOf(result);
}

/**
 * Every other order: each row ranked among all the matches. A name's versions stay together
 * (highest first), the group placed by its newest row, its best match, or its name.
 */
async function rankedPage(db: Db, query: Query, candidates: Candidates, offset: number) {
  const { limit, sort, text, version } = query;
  // Latest only, or one x.y.z: each name is its own group, and no window over names is needed.
  const oneVersionPerName = version !== undefined;
  const match = text
    ? sql`case when lower(c.name) = lower(${text}) then 0
        when lower(c.name) like lower(${prefixPattern(text)}) then 1
        when lower(c.name) like lower(${containsPattern(text)}) then 2 else 3 end`
    : sql`0`;
  const groups =
    sort === 'name'
      ? sql`lower(g.name), g.name`
      : sort === 'relevance' && text
        ? sql`g.group_match, g.group_newest desc, g.name`
        : sql`g.group_newest desc, g.name`;
  const result = await db.execute(sql`
    select
      string_agg(g.id::text, ',' order by g.position) filter (where g.position <= ${offset + limit}) as ids,
      case when max(g.fetched) > ${offset + limit} then ${`o${offset + limit}`}::text end as next_cursor,
      ${offset === 0 ? sql`coalesce(max(g.fetched), 0)` : sql`null`} as total
    from (
      select g.id,
        row_number() over (order by ${groups}, g.major desc, g.minor desc, g.patch desc, g.id) as position,
        count(*) over () as fetched
      from (
        select c.*,
          ${
            oneVersionPerName
              ? sql`c.created_at as group_newest, ${match} as group_match`
              : sql`max(c.created_at) over (partition by c.name) as group_newest,
                min(${match}) over (partition by c.name) as group_match`
          }
        from (${candidates.all()}) c
      ) g
    ) g
    where g.position > ${offset} and g.position <= ${offset + limit + 1}
  `);
  return rankedOf(result);
}

function rankedOf(result: unknown): RankedPage {
  const [row] = (result as { rows: RankedRow[] }).rows;
  const total = row?.total == null ? undefined : Number(row.total);
  return {
    ids: row?.ids ? row.ids.split(',') : [],
    ...(row?.next_cursor ? { nextCursor: row.next_cursor } : {}),
    ...(total === undefined ? {} : { total }),
  };
}
