import type { LeiaListItem, LeiaSort } from '@shared/schemas/leias';
import type { Visibility } from '@shared/schemas/visibility';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { type Notice, notice } from '../notice';
import { notProvided } from '../notProvided';

/**
 * The LEIA result list of the Search screen and of My LEIAs.
 *
 *   Loading --done--> Ready.Idle                       (the first page replaces the rows)
 *   Loading --error--> Failed ('Could not load LEIAs', toast) --list.retry--> Loading
 *   any --filters.set (the query changes)--> Debouncing --300 ms--> Loading
 *   Ready.Idle --list.loadMore (a next cursor exists)--> Ready.LoadingMore --done--> Idle (rows appended)
 *   any --list.reload | list.deleted--> Loading        (same filters, at once)
 *
 * Cancellation: leaving Loading or LoadingMore stops the invoked `loadPage` actor, which aborts
 * its `signal` (the app passes it to fetch); a stopped actor's late answer or rejection never
 * reaches the machine, so a cancelled request is ignored (no rows, no toast).
 *
 * While reloading, the previous rows stay in context (the view dims them and shows 'Loading…'),
 * so a delete or a refined search does not flash an empty list. The app provides `loadPage`
 * (GET /api/v1/leias, with owner=me for My LEIAs) and `notify` (the toast).
 */

export const SEARCH_DEBOUNCE_MS = 300;
/** Rows per request; a reload asks for as many as are shown (up to the API's maximum, 200). */
export const SEARCH_PAGE_SIZE = 50;
export const SEARCH_MAX_PAGE_SIZE = 200;

export const SEARCH_LIST_TEXTS = {
  loading: 'Loading…',
  empty: 'No LEIAs found',
  /** Under 'No LEIAs found' while a filter narrows the search. */
  filtered: 'The search text or a filter may be leaving them out.',
  clearFilters: 'Clear filters',
  failed: 'Could not load LEIAs',
} as const;

/** 'Latest only' (the default) or All versions. */
export type VersionFilter = 'latest' | 'all';

/** The Visibility filter's choices, as its select and the palette name them. */
export const VISIBILITY_FILTERS: readonly { value: Visibility; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'private', label: 'Private' },
  { value: 'public', label: 'Public' },
];

/** The Version filter's choices. */
export const VERSION_FILTERS: readonly { value: VersionFilter; label: string }[] = [
  { value: 'latest', label: 'Latest only' },
  { value: 'all', label: 'All' },
];

export interface SearchFilters {
  text: string;
  visibility: Visibility;
  version: VersionFilter;
  /** Relevance (the default) is newest first while there is no text. */
  sort: LeiaSort;
}

export const DEFAULT_SEARCH_FILTERS: SearchFilters = {
  text: '',
  visibility: 'all',
  version: 'latest',
  sort: 'relevance',
};

/** What a request depends on: text trimmed, All versions sent as ''. */
export interface SearchQuery {
  text: string;
  visibility: Visibility;
  version: 'latest' | '';
  sort: LeiaSort;
}

export const searchQuery = ({ text, visibility, version, sort }: SearchFilters): SearchQuery => ({
  text: text.trim(),
  visibility,
  version: version === 'latest' ? 'latest' : '',
  sort,
});

const sameQuery = (a: SearchQuery, b: SearchQuery) =>
  a.text === b.text && a.visibility === b.visibility && a.version === b.version && a.sort === b.sort;

export interface PageRequest {
  query: SearchQuery;
  cursor?: string;
  limit: number;
}

export interface ListPage<T> {
  items: T[];
  nextCursor?: string;
  /** How many rows match in all; first pages only. */
  total?: number;
}

export interface SearchListContext {
  filters: SearchFilters;
  items: LeiaListItem[];
  nextCursor: string | undefined;
  /** How many LEIAs match (the first page says); undefined when the server did not say. */
  total: number | undefined;
  /** The last load of the first page failed. */
  failed: boolean;
  pageSize: number;
  /** Rows a reload of the same search should bring back (as many as were shown); 0 after a new search. */
  keep: number;
}

export type SearchListEvent =
  | { type: 'filters.set'; filters: Partial<SearchFilters> }
  | { type: 'list.reload' }
  /** After a delete: the row goes at once, then the list reloads with the same filters. */
  | { type: 'list.deleted'; id: string }
  | { type: 'list.loadMore' }
  | { type: 'list.retry' };

export interface SearchListInput {
  filters?: Partial<SearchFilters>;
  pageSize?: number;
}

const filtersChanged = {
  type: 'filtersChanged',
  params: ({ context }: { context: SearchListContext }) => ({ filters: context.filters }),
} as const;

export const searchListMachine = setup({
  types: {
    context: {} as SearchListContext,
    events: {} as SearchListEvent,
    input: {} as SearchListInput,
    tags: {} as 'loading' | 'loadingMore',
  },
  actors: {
    loadPage: fromPromise<ListPage<LeiaListItem>, PageRequest>(async () =>
      notProvided('searchList', 'loadPage'),
    ),
  },
  actions: {
    /** The 'Could not load LEIAs' toast (bottom-right, 5000 ms). */
    notify: (_, _notice: Notice) => notProvided('searchList', 'notify'),
    /** The filters changed: the app keeps them in the address bar. */
    filtersChanged: (_, _params: { filters: SearchFilters }) => notProvided('searchList', 'filtersChanged'),
    setFilters: assign({
      filters: ({ context, event }) =>
        event.type === 'filters.set' ? { ...context.filters, ...event.filters } : context.filters,
    }),
    /** A new search starts from one page. */
    forgetRows: assign({ keep: 0 }),
    /** A reload of the same search keeps the reader's place: as many rows as are shown. */
    keepRows: assign({ keep: ({ context }) => context.items.length }),
    removeItem: assign(({ context, event }) => {
      if (event.type !== 'list.deleted') return {};
      const items = context.items.filter((item) => item.id !== event.id);
      const removed = context.items.length - items.length;
      return { items, total: context.total === undefined ? undefined : context.total - removed };
    }),
    replaceItems: assign((_, page: ListPage<LeiaListItem>) => ({
      items: page.items,
      nextCursor: page.nextCursor,
      total: page.total,
      failed: false,
    })),
    // Orders other than newest first page by position: a row added meanwhile can come twice.
    appendItems: assign(({ context }, page: ListPage<LeiaListItem>) => {
      const shown = new Set(context.items.map((item) => item.id));
      return {
        items: [...context.items, ...page.items.filter((item) => !shown.has(item.id))],
        nextCursor: page.nextCursor,
      };
    }),
    markFailed: assign({ items: [], nextCursor: undefined, total: undefined, failed: true }),
  },
  guards: {
    changesQuery: ({ context, event }) =>
      event.type === 'filters.set' &&
      !sameQuery(searchQuery(context.filters), searchQuery({ ...context.filters, ...event.filters })),
    hasMore: ({ context }) => context.nextCursor !== undefined,
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'searchList',
  context: ({ input }) => ({
    filters: { ...DEFAULT_SEARCH_FILTERS, ...input.filters },
    items: [],
    nextCursor: undefined,
    total: undefined,
    failed: false,
    pageSize: input.pageSize ?? SEARCH_PAGE_SIZE,
    keep: 0,
  }),
  initial: 'Loading',
  on: {
    'filters.set': [
      // reenter: a change while debouncing restarts the 300 ms; one while loading cancels it.
      {
        guard: 'changesQuery',
        target: '.Debouncing',
        reenter: true,
        actions: ['setFilters', 'forgetRows', filtersChanged],
      },
      // Same request (e.g. a trailing space): keep the box's text, load nothing.
      { actions: ['setFilters', filtersChanged] },
    ],
    'list.reload': { target: '.Loading', reenter: true, actions: 'keepRows' },
    'list.deleted': { target: '.Loading', reenter: true, actions: ['removeItem', 'keepRows'] },
  },
  states: {
    Debouncing: {
      after: { debounce: 'Loading' },
    },
    Loading: {
      tags: 'loading',
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({
          query: searchQuery(context.filters),
          limit: Math.min(SEARCH_MAX_PAGE_SIZE, Math.max(context.pageSize, context.keep)),
        }),
        onDone: { target: 'Ready', actions: { type: 'replaceItems', params: ({ event }) => event.output } },
        onError: {
          target: 'Failed',
          actions: ['markFailed', notice('error', SEARCH_LIST_TEXTS.failed)],
        },
      },
    },
    Ready: {
      initial: 'Idle',
      states: {
        Idle: {
          on: { 'list.loadMore': { guard: 'hasMore', target: 'LoadingMore' } },
        },
        LoadingMore: {
          tags: 'loadingMore',
          invoke: {
            id: 'loadMore',
            src: 'loadPage',
            input: ({ context }) => ({
              query: searchQuery(context.filters),
              cursor: context.nextCursor,
              limit: context.pageSize,
            }),
            onDone: { target: 'Idle', actions: { type: 'appendItems', params: ({ event }) => event.output } },
            // The rows shown stay; 'Load more' tries again.
            onError: {
              target: 'Idle',
              actions: notice('error', SEARCH_LIST_TEXTS.failed),
            },
          },
        },
      },
    },
    Failed: {
      on: { 'list.retry': { target: 'Loading', actions: 'forgetRows' } },
    },
  },
});

export type SearchListMachine = typeof searchListMachine;
export type SearchListSnapshot = SnapshotFrom<SearchListMachine>;

/** What the list area shows: the big 'Loading…' only when there are no rows to keep showing. */
export type SearchListView = 'loading' | 'rows' | 'empty' | 'failed';

export const searchListView = (s: SearchListSnapshot): SearchListView => {
  if (s.matches('Failed')) return 'failed';
  if (s.context.items.length > 0) return 'rows';
  if (s.matches('Ready') && s.context.nextCursor === undefined) return 'empty';
  return s.matches('Ready') ? 'rows' : 'loading';
};

/** A new first page is on its way (debouncing or fetching): rows on screen are about to change. */
export const isRefreshing = (s: SearchListSnapshot): boolean =>
  s.matches('Loading') || s.matches('Debouncing');
export const isLoadingMore = (s: SearchListSnapshot): boolean => s.hasTag('loadingMore');
export const hasMore = (s: SearchListSnapshot): boolean =>
  s.matches('Ready') && s.context.nextCursor !== undefined;
