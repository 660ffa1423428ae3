import { type Actor, canSeeBehaviour, isAdmin } from '@shared/permissions';
import type { LeiaListQuery } from '@shared/schemas/leias';
import { and, desc, eq, not, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { leias, users } from '../db/schema';
import { visibilityCondition } from './visibility';

/**
 * The Search query (GET /api/v1/leias): filters, newest first, keyset pagination. Kept apart from the
 * rules in ./leias.ts because it is the hot path the benchmark measures.
 *
 * - text: `search_text` (lower(name \n description), a generated column) LIKE lower('%text%'): a
 *   walk of the newest rows for common words, the trigram index leias_search_trgm for rare ones.
 * - version=latest: "the highest version of each name among the rows this visibility keeps", from
 *   the trigger-maintained flags is_latest / is_latest_published and their partial indexes (see
 *   latestCandidates), with an anti-join on (name, major, minor, patch) only for drafts.
 * - cursor: `<created_at in µs since the epoch>_<id>` of the last row: exact, because the timestamp
 *   travels as an integer, not as a millisecond ISO string.
 * - The page is built as JSON text by the database and sent as it is: measured, this halves the
 *   time per request against row-by-row decoding and re-encoding in Node (a request's whole budget
 *   on PGlite is about a millisecond). Rows are LeiaListRow (the contract: the whole LEIA, its spec
 *   as the viewer may read it) or, with fields=summary, LeiaListItem (no spec, for our Search);
 *   the API tests parse every row with those schemas.
 */

const newer = alias(leias, 'newer');

/** LIKE pattern for "contains `text`", with LIKE's own special characters escaped. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Same text as Date.prototype.toISOString (milliseconds, UTC, "Z"), so every endpoint agrees. */
const isoTime = (column: SQL | typeof leias.createdAt) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface LeiaPage {
  /** The JSON array of rows, ready to send. */
  json: string;
  /** Pass as `cursor` to get the next page; absent on the last page. */
  nextCursor?: string;
}

export async function listLeias(db: Db, actor: Actor, query: LeiaListQuery): Promise<LeiaPage> {
  const { text, version, visibility, owner, limit, cursor, fields } = query;
  const admin = isAdmin(actor);
  const withSpec = fields !== 'summary';
  // The viewer's spec: the full one, or the view stored for those who may not see behaviour content.
  const specColumn = canSeeBehaviour(actor) ? leias.spec : leias.restrictedSpec;

  /** No newer version of the same name among the rows `among` keeps. */
  const newest = (among: SQL | undefined): SQL =>
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

  const after = ({ micros, id }: { micros: string; id: string }): SQL =>
    sql`(${leias.createdAt}, ${leias.id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)`;

  const filters = and(
    owner === 'me' ? eq(leias.ownerId, actor.id) : undefined,
    text ? sql`${leias.searchText} like lower(${containsPattern(text)})` : undefined,
    version && version !== 'latest' ? eq(leias.version, version) : undefined,
    cursor ? after(cursor) : undefined,
  );

  // One more row than the page, to know whether there is a next page.
  const rows = (where: SQL | undefined) =>
    db
      .select({
        id: leias.id,
        name: leias.name,
        version: leias.version,
        isPublished: sql`${leias.isPublished}`.as('is_published'),
        createdAt: sql`${leias.createdAt}`.as('created_at'),
        updatedAt: sql`${leias.updatedAt}`.as('updated_at'),
        description: leias.description,
        personaId: sql`${leias.personaId}`.as('persona_id'),
        problemId: sql`${leias.problemId}`.as('problem_id'),
        behaviourId: sql`${leias.behaviourId}`.as('behaviour_id'),
        ownerId: sql`${leias.ownerId}`.as('owner_id'),
        ...(withSpec && { spec: sql`${specColumn}`.as('spec') }),
      })
      .from(leias)
      .where(and(filters, where))
      .orderBy(desc(leias.createdAt), desc(leias.id))
      .limit(limit + 1);

  /**
   * "Latest" per visibility, each served by a partial index that holds only candidate rows:
   * - an admin's `all`: the highest version overall (is_latest);
   * - `public`, for anyone: the highest published version (is_latest_published);
   * - anyone else's `all` (published + own): a published latest version unless the caller has a
   *   newer draft of it, plus the caller's drafts that nothing visible outranks: two ordered scans
   *   merged, never a walk over every old version;
   * - `private`: drafts (the caller's, or all for an admin) that no other draft outranks.
   */
  const latestCandidates = (): SQL => {
    if (visibility === 'all' && admin) return sql`${rows(eq(leias.isLatest, true))}`;
    if (visibility === 'public') return sql`${rows(eq(leias.isLatestPublished, true))}`;
    if (visibility === 'all') {
      const myDraft = and(eq(newer.ownerId, actor.id), not(newer.isPublished));
      const published = rows(and(eq(leias.isLatestPublished, true), newest(myDraft)));
      const drafts = rows(
        and(
          eq(leias.ownerId, actor.id),
          not(leias.isPublished),
          newest(visibilityCondition(actor, newer, 'all')),
        ),
      );
      return sql`(${published}) union all (${drafts}) order by created_at desc, id desc limit ${limit + 1}`;
    }
    return sql`${rows(
      and(
        visibilityCondition(actor, leias, visibility),
        newest(visibilityCondition(actor, newer, visibility)),
      ),
    )}`;
  };

  const candidates =
    version === 'latest' ? latestCandidates() : sql`${rows(visibilityCondition(actor, leias, visibility))}`;

  const result = await db.execute(sql`
    select
      coalesce(json_agg(json_build_object(
        'id', p.id,
        'metadata', json_build_object('name', p.name, 'version', p.version),
        'isPublished', p.is_published,
        'createdAt', ${isoTime(sql`p.created_at`)},
        'updatedAt', ${isoTime(sql`p.updated_at`)},
        'user', json_build_object('id', ${users.id}, 'email', ${users.email}, 'role', ${users.role}),
        'description', p.description,
        'parts', json_build_object('persona', p.persona_id, 'problem', p.problem_id, 'behaviour', p.behaviour_id)
        ${withSpec ? sql`, 'spec', p.spec` : sql``}
      ) order by p.created_at desc, p.id desc) filter (where p.position <= ${limit}), '[]')::text as json,
      max((extract(epoch from p.created_at) * 1000000)::bigint::text || '_' || p.id)
        filter (where p.position = ${limit} and p.fetched > ${limit}) as next_cursor
    from (
      select c.*, row_number() over (order by c.created_at desc, c.id desc) as position, count(*) over () as fetched
      from (${candidates}) c
    ) p
    join ${users} on ${users.id} = p.owner_id
  `);
  const [row] = (result as unknown as { rows: Array<{ json: string; next_cursor: string | null }> }).rows;
  return { json: row?.json ?? '[]', nextCursor: row?.next_cursor ?? undefined };
}
