import type { Leia, LeiaListItem } from '@shared/schemas/leias';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/leias';
import type { Visibility } from '@shared/schemas/visibility';
import { type CallOptions, clientFor } from './client';

/** The LEIA calls of spec section 7 (plus GET one, which View needs: list rows carry no specs). */

export type { Leia, LeiaListItem };

export interface LeiaListParams {
  text?: string;
  /** 'latest' = each name's highest version; '' = all versions. */
  version?: 'latest' | '';
  visibility?: Visibility;
  /** The previous page's `x-next-cursor`. */
  cursor?: string;
  limit?: number;
  signal?: AbortSignal;
}

export interface LeiaPage {
  items: LeiaListItem[];
  /** Absent on the last page. */
  nextCursor?: string;
}

/**
 * The query string by spec section 5 "Search": text trimmed and sent only when non-empty, version
 * always sent ('' for all), visibility only when not 'all'.
 */
export const leiaListQuery = ({ text, version = 'latest', visibility, cursor, limit }: LeiaListParams) => {
  const query: Record<string, string | number> = { version };
  const trimmed = text?.trim();
  if (trimmed) query.text = trimmed;
  if (visibility && visibility !== 'all') query.visibility = visibility;
  if (cursor) query.cursor = cursor;
  if (limit !== undefined) query.limit = limit;
  return query;
};

/** GET /leias: one page; the next page's cursor comes in a response header. */
export async function listLeias(params: LeiaListParams = {}, options?: CallOptions): Promise<LeiaPage> {
  const response = await clientFor(options).raw<LeiaListItem[]>('/leias', {
    query: leiaListQuery(params),
    signal: params.signal ?? options?.signal,
  });
  const nextCursor = response.headers.get(NEXT_CURSOR_HEADER) ?? undefined;
  return { items: response._data ?? [], ...(nextCursor ? { nextCursor } : {}) };
}

export const getLeia = (id: string, options?: CallOptions) =>
  clientFor(options)<Leia>(`/leias/${encodeURIComponent(id)}`, { signal: options?.signal });

/**
 * DELETE /leias/{id}. Leaves a 403 to the delete dialog, which shows spec section 8's permission
 * text instead of leaving for /forbidden; a 401 still ends the session (global rule, /login).
 */
export const deleteLeia = (id: string, options?: Pick<CallOptions, 'signal'>) =>
  clientFor({ ...options, handleForbidden: false })<void>(`/leias/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    signal: options?.signal,
  });

/** Server pages read per call of listOwnLeias at most, so one call stays bounded. */
const OWN_ROUNDS = 10;
const OWN_SCAN_PAGE = 200;

/**
 * The caller's own LEIAs (/leias 'My LEIAs'). The API has no owner filter, so this reads the
 * visible rows in large pages and keeps those whose owner is `ownerId`, until it has `limit` of
 * them, the list ends, or OWN_ROUNDS pages were read; the cursor goes on from the last page read.
 */
export async function listOwnLeias(ownerId: string, params: LeiaListParams = {}): Promise<LeiaPage> {
  const wanted = params.limit ?? 50;
  const items: LeiaListItem[] = [];
  let cursor = params.cursor;
  for (let round = 0; round < OWN_ROUNDS; round++) {
    const page = await listLeias({ ...params, cursor, limit: OWN_SCAN_PAGE });
    items.push(...page.items.filter((leia) => leia.user?.id === ownerId));
    cursor = page.nextCursor;
    if (!cursor || items.length >= wanted) break;
  }
  return { items, ...(cursor ? { nextCursor: cursor } : {}) };
}
