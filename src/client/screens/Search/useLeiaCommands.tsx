import { type LeiaListItem, listLeias } from '@client/api/leias';
import { EyeIcon, FolderIcon, SearchIcon } from '@client/components';
import {
  type Command,
  type PaletteItem,
  requestFocus,
  SEARCH_TARGET,
  type SearchPage,
  usePaletteCommands,
} from '@client/palette';
import type { leiaViewMachine } from '@machines/leiaView';
import { type SearchFilters, type searchListMachine, searchQuery } from '@machines/searchList';
import type { Actor } from '@shared/permissions';
import type { ActorRefFrom } from 'xstate';
import { LeiaListActor, type LeiaScope, LeiaViewActor, scopeParams } from './actors';
import { isActionVisible, type RowAction } from './rowActions';
import { VERSION_OPTIONS, VISIBILITY_OPTIONS } from './SearchFilters';

/**
 * The screen's palette commands (ARCHITECTURE.md "Palette and keyboard"), registered while it is
 * mounted: focus the search box (or fill it with the text typed in the palette), open any LEIA
 * by name, one command per row action that declares `command` (View LEIA..., Try LEIA...,
 * Delete LEIA..., and whatever later issues add), and the filters.
 *
 * The LEIA pages search the server as the user types (GET /leias?text=…): 'Open LEIA...' among
 * every LEIA the user may see, in any version; a row action's page among the LEIAs this screen
 * lists (its scope and its Visibility and Version filters as they are now), keeping those for
 * which the row would show the button (the same `visible` predicate), so 'Delete LEIA...' offers
 * only what this user may delete.
 */
export function useLeiaCommands(actions: readonly RowAction[], actor: Actor | null, scope: LeiaScope) {
  const list = LeiaListActor.useActorRef();
  const view = LeiaViewActor.useActorRef();
  usePaletteCommands(leiaCommands({ list, view }, actions, actor, scope), [
    list,
    view,
    actions,
    actor,
    scope,
  ]);
}

const GROUP = 'LEIAs';
const signedIn = (actor: Actor | null) => actor !== null;

/** Rows per palette search: more than fit on screen, few enough to stay quick. */
export const PALETTE_LEIA_LIMIT = 50;

const itemOf = (leia: LeiaListItem): PaletteItem => ({
  id: leia.id,
  title: leia.metadata.name,
  subtitle: `v${leia.metadata.version} · ${leia.user?.email ?? ''}`,
});

/** A nested page that searches LEIAs as the user types; its items carry ids, mapped back on select. */
const leiaPage = (
  page: { placeholder: string; empty: string },
  find: (text: string, signal: AbortSignal) => Promise<LeiaListItem[]>,
  pick: (leia: LeiaListItem) => void,
): SearchPage => {
  // The answer on screen: the palette shows only the newest, so select looks only there.
  let shown: LeiaListItem[] = [];
  return {
    ...page,
    search: async (text, signal) => {
      shown = await find(text, signal);
      return shown.map(itemOf);
    },
    select: (item) => {
      const leia = shown.find((candidate) => candidate.id === item.id);
      if (leia) pick(leia);
    },
  };
};

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
  const setFilters = (filters: Partial<SearchFilters>) => list.send({ type: 'filters.set', filters });
  /** The LEIAs this screen lists, with the palette's text instead of the search box's. */
  const findListed = async (text: string, signal: AbortSignal) => {
    const { visibility, version } = searchQuery(list.getSnapshot().context.filters);
    const page = await listLeias({
      text,
      visibility,
      version,
      ...scopeParams(scope),
      limit: PALETTE_LEIA_LIMIT,
      signal,
    });
    return page.items;
  };

  const actionCommands = actions.flatMap((action): Command[] =>
    action.command
      ? [
          {
            id: `leias.${action.id}`,
            title: action.command.title,
            group: GROUP,
            icon: action.icon,
            keywords: action.command.keywords,
            allowed: signedIn,
            page: leiaPage(
              action.command,
              async (text, signal) =>
                (await findListed(text, signal)).filter(
                  (leia) => isActionVisible(action, leia, actor) && !action.disabled?.(leia),
                ),
              action.run,
            ),
          },
        ]
      : [],
  );

  return [
    {
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
    },
    {
      id: 'leias.open',
      title: 'Open LEIA...',
      group: GROUP,
      icon: <FolderIcon />,
      keywords: ['find', 'go to', 'view', 'version'],
      allowed: signedIn,
      // Every LEIA the user can see, any version, newest first, as the server matches the text.
      page: leiaPage(
        { placeholder: 'Open which LEIA? Type a name or description', empty: 'No LEIAs found' },
        async (text, signal) =>
          (await listLeias({ text, version: '', limit: PALETTE_LEIA_LIMIT, signal })).items,
        (leia) => view.send({ type: 'view.open', leia }),
      ),
    },
    ...actionCommands,
    ...VISIBILITY_OPTIONS.map(
      (option): Command => ({
        id: `leias.visibility.${option.value}`,
        title: `Visibility: ${option.label}`,
        group: GROUP,
        icon: <EyeIcon />,
        keywords: ['filter', 'show', option.value],
        allowed: signedIn,
        run: () => setFilters({ visibility: option.value }),
      }),
    ),
    ...VERSION_OPTIONS.map(
      (option): Command => ({
        id: `leias.version.${option.value}`,
        title: `Version: ${option.label}`,
        group: GROUP,
        keywords: ['filter', 'versions', option.value],
        allowed: signedIn,
        run: () => setFilters({ version: option.value }),
      }),
    ),
  ];
};
