import { type Actor, canSeeBehaviour, isAdmin } from '@shared/permissions';
import type { LeiaListQuery } from '@shared/schemas/leias';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';
import { type RankedPage, rankLeias } from './leia-list';
import { type LeiaRowView, leiaRowsJson } from './leia-rows';

/**
 * GET /api/v1/leias without rebuilding what has not changed. A page is its ids in order (ranked by
 * ./leia-list.ts) and each row's JSON (made by ./leia-rows.ts); this process keeps both, and uses
 * them only while the lists' generation (schema.ts listGeneration: it grows with every change a
 * list shows, committed by any process) is the one they were made at. Each request brings the
 * generation it read with its caller (auth/hooks.ts), so a search asked again costs no query of its
 * own, and a page whose rows were all seen before costs its ranking only; the first request to
 * bring a newer generation drops everything. The pages themselves are kept too, as sent (one
 * buffer per query and view), so a page asked again is not even joined from its rows: for the
 * contract's 500 KB pages that copy was a tenth of a request's CPU.
 */

/** The JSON array of rows as UTF-8, ready to send, with the cursor and count headers' values. */
export interface LeiaPage {
  body: Buffer;
  /** Pass as `cursor` to get the next page; absent on the last page. */
  nextCursor?: string;
  /** How many LEIAs match, on every page together; on the first page only. */
  total?: number;
}

export interface LeiaListCacheLimits {
  /** Ids kept over all pages (each page counts its ids and one more). */
  pageIds: number;
  /** Bytes of our Search's light rows kept (about 1 KB each). */
  summaryBytes: number;
  /** Bytes of rows with their spec kept (the contract's: about 10 KB each, 5 KB for instructors). */
  specBytes: number;
  /** Bytes of whole pages kept as sent (a contract page of 50 is about 500 KB, ours 42 KB). */
  pageBytes: number;
}

const MB = 1024 * 1024;
const DEFAULT_LIMITS: LeiaListCacheLimits = {
  pageIds: 500_000,
  summaryBytes: 16 * MB,
  specBytes: 64 * MB,
  pageBytes: 64 * MB,
};

/**
 * Who sees the same ids for the same query: everyone, for published LEIAs of everyone; all
 * admins; otherwise the caller alone (their own drafts are in it).
 */
const scopeOf = (actor: Actor, { visibility, owner }: LeiaListQuery): string => {
  if (owner === 'me') return `user:${actor.id}`;
  if (visibility === 'public') return 'public';
  return isAdmin(actor) ? 'admin' : `user:${actor.id}`;
};

const pageKey = (actor: Actor, query: LeiaListQuery): string => {
  const { text, version, visibility, owner, limit, sort, cursor } = query;
  return `${scopeOf(actor, query)}\n${JSON.stringify([text, version, visibility, owner, limit, sort, cursor])}`;
};

const viewOf = (actor: Actor, query: LeiaListQuery): LeiaRowView =>
  query.fields === 'summary' ? 'summary' : canSeeBehaviour(actor) ? 'full' : 'restricted';

export function createLeiaLists(db: Db, limits: LeiaListCacheLimits = DEFAULT_LIMITS) {
  let generation = -1;
  const pages = new LRUCache<string, RankedPage>({
    maxSize: limits.pageIds,
    sizeCalculation: (page) => page.ids.length + 1,
  });
  // Rows are kept encoded: a page is then one copy of its rows' bytes, never a string to encode
  // again (a contract page is about 500 KB). Light rows apart, so the contract's never push ours out.
  const rowCache = (maxSize: number) =>
    new LRUCache<string, Buffer>({ maxSize, sizeCalculation: (json) => json.length });
  const summaries = rowCache(limits.summaryBytes);
  const specs = rowCache(limits.specBytes);
  const rowsOf = (view: LeiaRowView) => (view === 'summary' ? summaries : specs);
  // Keyed by the view too: a public page's ids are everyone's, its rows' specs are not.
  const sent = new LRUCache<string, LeiaPage>({
    maxSize: limits.pageBytes,
    sizeCalculation: (page) => page.body.length + 1,
  });

  /**
   * The generation this request may use the cache at (`seen`: the one it read), or undefined when
   * it read none or an older one than another request brought (its answer may be older than what
   * the cache holds: not kept).
   */
  function current(seen: number | undefined): number | undefined {
    if (seen === undefined || Number.isNaN(seen)) return undefined;
    if (seen > generation) {
      generation = seen;
      pages.clear();
      sent.clear();
      summaries.clear();
      specs.clear();
    }
    return seen === generation ? seen : undefined;
  }

  /** The JSON of these rows, from the cache or the database; those gone since ranking are left out. */
  async function rowsJson(at: number | undefined, ids: string[], view: LeiaRowView): Promise<Buffer[]> {
    const rows = rowsOf(view);
    const json = new Map<string, Buffer>();
    const missing: string[] = [];
    for (const id of ids) {
      const row = at === undefined ? undefined : rows.get(`${view}:${id}`);
      if (row === undefined) missing.push(id);
      else json.set(id, row);
    }
    for (const [id, text] of await leiaRowsJson(db, missing, view)) {
      const row = Buffer.from(text);
      json.set(id, row);
      if (at === generation) rows.set(`${view}:${id}`, row);
    }
    return ids.flatMap((id) => json.get(id) ?? []);
  }

  return {
    async list(actor: Actor, query: LeiaListQuery, listsGeneration?: number): Promise<LeiaPage> {
      const at = current(listsGeneration);
      const key = pageKey(actor, query);
      const view = viewOf(actor, query);
      const sentKey = `${view}\n${key}`;
      const kept = at === undefined ? undefined : sent.get(sentKey);
      if (kept) return kept;
      let page = at === undefined ? undefined : pages.get(key);
      if (!page) {
        page = await rankLeias(db, actor, query);
        if (at === generation) pages.set(key, page);
      }
      const { ids, nextCursor, total } = page;
      const made: LeiaPage = {
        body: jsonArray(await rowsJson(at, ids, view)),
        ...(nextCursor === undefined ? {} : { nextCursor }),
        ...(total === undefined ? {} : { total }),
      };
      // Only a page made wholly at the generation that still stands (a newer one may have come
      // while its rows were read).
      if (at !== undefined && at === generation) sent.set(sentKey, made);
      return made;
    },
  };
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** `[row,row,...]`, in one buffer. */
const jsonArray = (rows: Buffer[]): Buffer =>
  Buffer.concat([OPEN, ...rows.flatMap((row, i) => (i === 0 ? [row] : [COMMA, row])), CLOSE]);
