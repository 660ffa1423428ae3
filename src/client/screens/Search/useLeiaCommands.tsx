import { actionCommand, commandFields, type Flow } from '@client/actions/commands';
import { type LeiaListItem, type LeiaPage, listLeias } from '@client/api/leias';
import { ClockIcon, EyeIcon, FolderIcon, SearchIcon } from '@client/components';
import {
  type Command,
  defineCommand,
  type PaletteItem,
  requestFocus,
  SEARCH_TARGET,
  type SearchArgument,
  usePaletteCommands,
} from '@client/palette';
import { type ActionDefinition, availability } from '@machines/action';
import type { leiaViewMachine } from '@machines/leiaView';
import { rankByMatch } from '@machines/paletteMatch';
import { openLeia, showLeiaHistory, versionFilters, visibilityFilters } from '@machines/searchList/actions';
import { type SearchFilters, type searchListMachine, searchQuery } from '@machines/searchList/machine';
import type { Actor } from '@shared/permissions';
import { type ReactNode, useCallback, useMemo, useSyncExternalStore } from 'react';
import type { ActorRefFrom, EventObject } from 'xstate';
import { LeiaListActor, type LeiaScope, LeiaViewActor, scopeParams } from './actors';
import type { RowAction } from './rowActions';

/**
 * The screen's palette commands, registered while it is mounted: focus the search box (or fill it
 * with the text typed in the palette), open any LEIA (or its history) by name, one command per row
 * action that has a `page` (Design from LEIA..., View LEIA..., Try LEIA..., Delete LEIA...), and
 * the filters. Open, history and the row actions are action definitions
 * (machines/searchList/actions.ts), as their buttons are.
 *
 * The LEIA pages search the server as the user types (GET /leias?text=…) with the screen's Version
 * filter (latest only by default): 'Open LEIA...' among every LEIA the user may see; a row action's
 * page among the LEIAs this screen lists (its scope and its Visibility filter as they are now),
 * keeping those where the row's flow takes the action (the same definition as the button's), so
 * 'Delete LEIA...' offers only what this user may delete. The answer is ranked by match, the
 * name first, and the page says when more LEIAs match than it lists.
 */
export function useLeiaCommands(actions: readonly RowAction[], actor: Actor | null, scope: LeiaScope) {
  const list = LeiaListActor.useActorRef();
  const view = LeiaViewActor.useActorRef();
  const states = useStatesOf(actions);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `states` renews the commands when a flow changes state
  const commands = useMemo(
    () => leiaCommands({ list, view }, actions, actor, scope),
    [list, view, actions, actor, scope, states],
  );
  usePaletteCommands(commands);
}

/** The states of the row actions' flows, as one string that changes when one of them moves. */
function useStatesOf(actions: readonly RowAction[]): string {
  const read = () => actions.map(({ flow }) => JSON.stringify(flow.getSnapshot().value)).join('|');
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscriptions = actions.map(({ flow }) => flow.subscribe(changed));
      return () => {
        for (const subscription of subscriptions) subscription.unsubscribe();
      };
    },
    [actions],
  );
  return useSyncExternalStore(subscribe, read);
}

const GROUP = 'LEIAs';
const signedIn = (actor: Actor | null) => actor !== null;

/** Rows per palette search: more than fit on screen, few enough to stay quick. */
export const PALETTE_LEIA_LIMIT = 50;

const itemOf = (leia: LeiaListItem): PaletteItem<LeiaListItem> => ({
  id: leia.id,
  title: leia.metadata.name,
  subtitle: `v${leia.metadata.version} · ${leia.user?.email ?? ''}`,
  value: leia,
});

/** Which LEIA: searched as the user types, the best match first. */
export const leiaArgument = (
  page: { placeholder: string; empty: string },
  find: (text: string, signal: AbortSignal) => Promise<LeiaPage>,
  keep: (leia: LeiaListItem) => boolean = () => true,
): SearchArgument<LeiaListItem> => ({
  ...page,
  search: async (text, signal) => {
    const { items, nextCursor } = await find(text, signal);
    const ranked = rankByMatch(items.filter(keep), text, (leia) => [leia.metadata.name, leia.description]);
    return { items: ranked.map(itemOf), more: nextCursor !== undefined };
  },
});

type Find = (text: string, signal: AbortSignal) => Promise<LeiaPage>;
type SetFilters = (next: Partial<SearchFilters>) => void;

/** Search LEIAs, and with the typed text, search for it. */
const searchCommand = (setFilters: SetFilters): Command => ({
  id: 'leias.search',
  title: 'Search LEIAs by name or description',
  group: GROUP,
  icon: <SearchIcon />,
  shortcut: '/',
  keywords: ['find', 'filter', 'text'],
  allowed: signedIn,
  run: () => requestFocus(SEARCH_TARGET),
  // Typed in the palette: 'Search LEIAs for “bank”' puts it in the search box.
  withText: {
    title: (text) => `Search LEIAs for “${text}”`,
    run: (text) => {
      setFilters({ text });
      requestFocus(SEARCH_TARGET);
    },
  },
});

/**
 * An action on a LEIA the palette searches for as the user types (the search-page form of
 * targetCommand, src/client/actions/commands.ts): its fields and disabled reason from the
 * definition; the page keeps the LEIAs where the flow takes it now.
 */
function searchedCommand<Target>(
  flow: Flow,
  action: ActionDefinition<Target, EventObject>,
  page: { placeholder: string; empty: string; find: Find; targetOf: (leia: LeiaListItem) => Target },
  icon?: ReactNode,
): Command {
  const takes = (leia: LeiaListItem) => availability(flow.getSnapshot(), action, page.targetOf(leia)).can;
  return defineCommand({
    ...commandFields(action, flow.getSnapshot(), icon),
    args: [leiaArgument(page, page.find, takes)],
    run: (leia: LeiaListItem) => flow.send(action.event(page.targetOf(leia))),
  });
}

/** Open a LEIA, or its history, in the View modal. */
const openCommands = (view: ActorRefFrom<typeof leiaViewMachine>, findAny: Find): Command[] => [
  searchedCommand(
    view,
    openLeia,
    {
      placeholder: 'Open which LEIA? Type a name or description',
      empty: 'No LEIAs found',
      find: findAny,
      targetOf: (leia) => leia,
    },
    <FolderIcon />,
  ),
  searchedCommand(
    view,
    showLeiaHistory,
    {
      placeholder: 'Show the history of which LEIA? Type a name or description',
      empty: 'No LEIAs found',
      find: findAny,
      targetOf: (leia) => leia,
    },
    <ClockIcon />,
  ),
];

/** The row actions that are commands too, on the LEIAs listed where the action is available. */
const actionCommands = (actions: readonly RowAction[], actor: Actor | null, findListed: Find): Command[] =>
  actions.flatMap(({ flow, action, page, icon }): Command[] =>
    page
      ? [
          searchedCommand(
            flow,
            action,
            { ...page, find: findListed, targetOf: (leia) => ({ leia, viewer: actor }) },
            icon,
          ),
        ]
      : [],
  );

/** The Visibility and Version filters (the list takes them at any time). */
const filterCommands = (list: Flow): Command[] => [
  ...visibilityFilters.map((filter) =>
    actionCommand(list, list.getSnapshot(), filter, { icon: <EyeIcon /> }),
  ),
  ...versionFilters.map((filter) => actionCommand(list, list.getSnapshot(), filter)),
];

const leiaCommands = (
  {
    list,
    view,
  }: {
    list: ActorRefFrom<typeof searchListMachine>;
    view: ActorRefFrom<typeof leiaViewMachine>;
  },
  actions: readonly RowAction[],
  actor: Actor | null,
  scope: LeiaScope,
): Command[] => {
  const filters = () => searchQuery(list.getSnapshot().context.filters);
  const setFilters: SetFilters = (next) => list.send({ type: 'filters.set', filters: next });
  /** The LEIAs this screen lists, with the palette's text instead of the search box's. */
  const findListed: Find = (text, signal) => {
    const { visibility, version } = filters();
    return listLeias({ text, visibility, version, ...scopeParams(scope), limit: PALETTE_LEIA_LIMIT, signal });
  };
  /** Every LEIA the user may see, in the screen's Version filter. */
  const findAny: Find = (text, signal) =>
    listLeias({ text, version: filters().version, limit: PALETTE_LEIA_LIMIT, signal });

  return [
    searchCommand(setFilters),
    ...openCommands(view, findAny),
    ...actionCommands(actions, actor, findListed),
    ...filterCommands(list),
  ];
};
