import { DEFAULT_SEARCH_FILTERS, type SearchFilters } from '@machines/searchList/machine';
import { LEIA_SORTS, type LeiaSort } from '@shared/schemas/leias';
import { VISIBILITIES, type Visibility } from '@shared/schemas/visibility';

/**
 * The search in the address bar (`?q=bank&visibility=private&version=all&sort=name`), so that coming back
 * from a chat, a reload or a shared link finds the same search. Only what differs from the defaults
 * is written; anything unknown in a link is ignored.
 */
const PARAM = { text: 'q', visibility: 'visibility', version: 'version', sort: 'sort' } as const;

export function filtersFromUrl(search: string): Partial<SearchFilters> {
  const params = new URLSearchParams(search);
  const filters: Partial<SearchFilters> = {};
  const text = params.get(PARAM.text);
  if (text) filters.text = text;
  const visibility = params.get(PARAM.visibility);
  if (VISIBILITIES.includes(visibility as Visibility)) filters.visibility = visibility as Visibility;
  const version = params.get(PARAM.version);
  if (version === 'all' || version === 'latest') filters.version = version;
  const sort = params.get(PARAM.sort);
  if (LEIA_SORTS.includes(sort as LeiaSort)) filters.sort = sort as LeiaSort;
  return filters;
}

/** The query string for `filters` ('' when every filter is at its default). */
export function urlOfFilters(filters: SearchFilters): string {
  const params = new URLSearchParams();
  if (filters.text.trim()) params.set(PARAM.text, filters.text);
  if (filters.visibility !== DEFAULT_SEARCH_FILTERS.visibility)
    params.set(PARAM.visibility, filters.visibility);
  if (filters.version !== DEFAULT_SEARCH_FILTERS.version) params.set(PARAM.version, filters.version);
  if (filters.sort !== DEFAULT_SEARCH_FILTERS.sort) params.set(PARAM.sort, filters.sort);
  const query = params.toString();
  return query ? `?${query}` : '';
}
