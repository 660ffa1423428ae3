import type { ProcessValue } from '@shared/schemas/resources';
import type { Visibility } from '@shared/schemas/visibility';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { notProvided } from './notProvided';
import { PART_KINDS, type PartKind, type WizardPart } from './wizard/parts';

/**
 * The three lists of the design wizard's step 1 (personas, problems, behaviours), one region each,
 * side by side:
 *
 *   <kind>: Loading --done--> Ready;  Loading --error--> Failed --lists.retry--> Loading
 *   any --lists.filter {kind} (Visibility, Process) | lists.reload {kind}--> Loading (that list only)
 *
 * The filters go to the server (GET /api/v1/{kind}s?visibility&process); the search box filters the
 * loaded list here, by name or description. Leaving Loading stops its request, so a list never shows
 * an older answer. While the lists have never loaded, the screen shows one loading state ('Loading
 * resources...') and one error state ('Error Loading Data', 'Try Again'); afterwards a list that
 * fails to reload says so in its own column. The app provides `loadList`.
 */
export const RESOURCE_LISTS_TEXTS = {
  loading: 'Loading resources...',
  loadingDetail: 'Loading personas, problems, and behaviours from the API...',
  errorTitle: 'Error Loading Data',
  failed: 'Failed to load data from API',
  retry: 'Try Again',
  noResults: 'No results found',
  noItems: 'No items available',
} as const;

export interface ListFilters {
  visibility: Visibility;
  /** Problems and behaviours only. */
  process: ProcessValue | 'all';
}

export const DEFAULT_LIST_FILTERS: ListFilters = { visibility: 'all', process: 'all' };

export interface ResourceList {
  items: WizardPart[];
  filters: ListFilters;
  /** The search box: matched against name and description, here. */
  search: string;
  /** Has loaded at least once. */
  loaded: boolean;
}

export interface ResourceListsContext {
  lists: Record<PartKind, ResourceList>;
}

export type ResourceListsEvent =
  | { type: 'lists.search'; kind: PartKind; text: string }
  | { type: 'lists.filter'; kind: PartKind; filters: Partial<ListFilters> }
  | { type: 'lists.reload'; kind: PartKind }
  | { type: 'lists.retry' };

export interface LoadListInput extends ListFilters {
  kind: PartKind;
}

const emptyList = (): ResourceList => ({
  items: [],
  filters: DEFAULT_LIST_FILTERS,
  search: '',
  loaded: false,
});

const forKind =
  (kind: PartKind) =>
  ({ event }: { event: ResourceListsEvent }) =>
    'kind' in event && event.kind === kind;

const setList = (context: ResourceListsContext, kind: PartKind, change: Partial<ResourceList>) => ({
  lists: { ...context.lists, [kind]: { ...context.lists[kind], ...change } },
});

const machineSetup = setup({
  types: { context: {} as ResourceListsContext, events: {} as ResourceListsEvent },
  actors: {
    loadList: fromPromise<WizardPart[], LoadListInput>(async () => notProvided('resourceLists', 'loadList')),
  },
  actions: {
    setFilters: assign(({ context }, { kind, filters }: { kind: PartKind; filters: Partial<ListFilters> }) =>
      setList(context, kind, { filters: { ...context.lists[kind].filters, ...filters } }),
    ),
    setItems: assign(({ context }, { kind, items }: { kind: PartKind; items: WizardPart[] }) =>
      setList(context, kind, { items, loaded: true }),
    ),
  },
});

/** One list's region: its own request, its own failure. */
const listRegion = (kind: PartKind) => {
  // On each child state, not on the region: re-entering a region of a parallel state would
  // re-enter every region (and reload all three lists).
  const reload = {
    'lists.filter': {
      guard: forKind(kind),
      target: 'Loading',
      reenter: true,
      actions: {
        type: 'setFilters',
        params: ({ event }: { event: ResourceListsEvent }) => ({
          kind,
          filters: event.type === 'lists.filter' ? event.filters : {},
        }),
      },
    },
    'lists.reload': { guard: forKind(kind), target: 'Loading', reenter: true },
  } as const;
  return machineSetup.createStateConfig({
    initial: 'Loading',
    states: {
      Loading: {
        tags: 'loading',
        on: reload,
        invoke: {
          src: 'loadList',
          input: ({ context }) => ({ kind, ...context.lists[kind].filters }),
          onDone: {
            target: 'Ready',
            actions: { type: 'setItems', params: ({ event }) => ({ kind, items: event.output }) },
          },
          onError: { target: 'Failed' },
        },
      },
      Ready: { on: reload },
      Failed: { on: { ...reload, 'lists.retry': { target: 'Loading' } } },
    },
  });
};

export const resourceListsMachine = machineSetup.createMachine({
  id: 'resourceLists',
  context: { lists: { persona: emptyList(), problem: emptyList(), behaviour: emptyList() } },
  type: 'parallel',
  on: {
    'lists.search': {
      actions: assign(({ context, event }) => setList(context, event.kind, { search: event.text })),
    },
  },
  states: {
    persona: listRegion('persona'),
    problem: listRegion('problem'),
    behaviour: listRegion('behaviour'),
  },
});

export type ResourceListsSnapshot = SnapshotFrom<typeof resourceListsMachine>;

export type ListStatus = 'loading' | 'ready' | 'failed';

export const listStatus = (s: ResourceListsSnapshot, kind: PartKind): ListStatus => {
  const value = (s.value as Record<PartKind, string>)[kind];
  return value === 'Loading' ? 'loading' : value === 'Failed' ? 'failed' : 'ready';
};

/** The whole screen: loading until every list has loaded once, failed if one never could. */
export const listsView = (s: ResourceListsSnapshot): ListStatus => {
  const first = PART_KINDS.filter((kind) => !s.context.lists[kind].loaded).map((kind) => listStatus(s, kind));
  return first.includes('failed') ? 'failed' : first.includes('loading') ? 'loading' : 'ready';
};

const descriptionOf = (part: WizardPart): string =>
  typeof part.spec.description === 'string' ? part.spec.description : '';

/** The items the search box keeps: name or description contains the text, ignoring case. */
export const matchingItems = (list: ResourceList): WizardPart[] => {
  const text = list.search.trim().toLowerCase();
  if (text === '') return list.items;
  return list.items.filter(
    (part) =>
      part.metadata.name.toLowerCase().includes(text) || descriptionOf(part).toLowerCase().includes(text),
  );
};

/** 'No items available' when there is nothing at all, 'No results found' when the search or a filter leaves nothing. */
export const emptyListText = (list: ResourceList): string | null => {
  if (matchingItems(list).length > 0) return null;
  const filtered =
    list.search.trim() !== '' ||
    list.filters.visibility !== DEFAULT_LIST_FILTERS.visibility ||
    list.filters.process !== DEFAULT_LIST_FILTERS.process;
  return filtered ? RESOURCE_LISTS_TEXTS.noResults : RESOURCE_LISTS_TEXTS.noItems;
};
