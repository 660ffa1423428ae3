import type { Leia, LeiaCreateBody, LeiaListItem } from '@shared/schemas/leias';
import { type LeiaSort, LIST_FIELDS, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@shared/schemas/leias';
import type { Visibility } from '@shared/schemas/visibility';
import { type CallOptions, clientFor } from './client';

/** The LEIA calls (and GET one, which View needs: list rows carry no specs). */

export type { Leia, LeiaListItem };

export interface LeiaListParams {
  text?: string;
  /** 'latest' = each name's highest version; '' = all versions. */
  version?: 'latest' | '';
  visibility?: Visibility;
  /** 'me': only the caller's own LEIAs (My LEIAs); absent: everyone's that the caller may see. */
  owner?: 'me';
  /** Absent: newest first. */
  sort?: LeiaSort;
  /** The previous page's `x-next-cursor`. */
  cursor?: string;
  limit?: number;
  signal?: AbortSignal;
}

export interface LeiaPage {
  items: LeiaListItem[];
  /** Absent on the last page. */
  nextCursor?: string;
  /** How many LEIAs match in all (first pages only). */
  total?: number;
}

/**
 * The list's query string: text trimmed and sent only when non-empty, version
 * always sent ('' for all), visibility only when not 'all', owner only for 'me', sort only when not
 * newest first (the server's default).
 */
export const leiaListQuery = ({
  text,
  version = 'latest',
  visibility,
  owner,
  sort,
  cursor,
  limit,
}: LeiaListParams) => {
  const query: Record<string, string | number> = { version };
  const trimmed = text?.trim();
  if (trimmed) query.text = trimmed;
  if (visibility && visibility !== 'all') query.visibility = visibility;
  if (owner === 'me') query.owner = owner;
  if (sort && sort !== 'newest') query.sort = sort;
  if (cursor) query.cursor = cursor;
  if (limit !== undefined) query.limit = limit;
  return query;
};

/**
 * GET /leias: one page; the next page's cursor and the first page's total come in response headers. With
 * `owner: 'me'` the server keeps only the caller's LEIAs (My LEIAs), paged the same way.
 */
export async function listLeias(
  // Always a page: without `limit` the server answers every match (up to 1,000 rows).
  params: LeiaListParams & { limit: number },
  options?: CallOptions,
): Promise<LeiaPage> {
  const response = await clientFor(options).raw<LeiaListItem[]>('/leias', {
    // Search shows no specs: it asks for the light rows (View and Try fetch the LEIA they open).
    query: { ...leiaListQuery(params), fields: LIST_FIELDS.summary },
    signal: params.signal ?? options?.signal,
  });
  const nextCursor = response.headers.get(NEXT_CURSOR_HEADER) ?? undefined;
  const total = response.headers.get(TOTAL_COUNT_HEADER);
  return {
    items: response._data ?? [],
    ...(nextCursor ? { nextCursor } : {}),
    ...(total !== null && /^\d+$/.test(total) ? { total: Number(total) } : {}),
  };
}

export const getLeia = (id: string, options?: CallOptions) =>
  clientFor(options)<Leia>(`/leias/${encodeURIComponent(id)}`, { signal: options?.signal });

/**
 * DELETE /leias/{id}. Leaves a 403 to the delete dialog, which shows LEIA_DELETE_TEXTS' permission
 * text instead of leaving for /forbidden; a 401 still ends the session (global rule, /login).
 */
export const deleteLeia = (id: string, options?: Pick<CallOptions, 'signal'>) =>
  clientFor({ ...options, handleForbidden: false })<void>(`/leias/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    signal: options?.signal,
  });

/** POST /leias: the spec references the three parts by id; `publish` only when given (admins). */
export const createLeia = (
  body: LeiaCreateBody,
  { publish, ...options }: CallOptions & { publish?: boolean } = {},
) =>
  clientFor(options)<Leia>('/leias', {
    method: 'POST',
    body,
    query: publish === undefined ? undefined : { publish: String(publish) },
    signal: options.signal,
  });

/** GET /leias/exists/{name}: whether any version of the name exists, whoever owns it. */
export const leiaExists = async (name: string, options?: CallOptions) =>
  (
    await clientFor(options)<{ exists: boolean }>(`/leias/exists/${encodeURIComponent(name)}`, {
      signal: options?.signal,
    })
  ).exists;
