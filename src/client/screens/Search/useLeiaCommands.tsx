import { type LeiaListItem, listLeias } from '@client/api/leias';
import { EyeIcon, FolderIcon, SearchIcon } from '@client/components';
import {
  type Command,
  type PageCommand,
  type PaletteItem,
  requestFocus,
  SEARCH_TARGET,
  usePaletteCommands,
} from '@client/palette';
import { SEARCH_MAX_PAGE_SIZE, type SearchFilters } from '@machines/searchList';
import type { Actor } from '@shared/permissions';
import { isActionVisible, type RowAction } from './rowActions';
import { VERSION_OPTIONS, VISIBILITY_OPTIONS } from './SearchFilters';
import type { LeiaActors } from './useLeiaActors';

/**
 * The screen's palette commands (ARCHITECTURE.md "Palette and keyboard"), registered while it is
 * mounted: focus the search box, open any LEIA by name, one command per row action that declares
 * `command` (View LEIA..., Delete LEIA..., and whatever later issues add), and the filters.
 * Each row-action page lists the rows on screen for which the button is shown, through the same
 * `visible` predicate, so 'Delete LEIA...' offers only what this user may delete.
 */
export function useLeiaCommands(actors: LeiaActors, actions: readonly RowAction[], actor: Actor | null) {
  usePaletteCommands(leiaCommands(actors, actions, actor), [actors, actions, actor]);
}

const GROUP = 'LEIAs';
const signedIn = (actor: Actor | null) => actor !== null;

const itemOf = (leia: LeiaListItem): PaletteItem => ({
  id: leia.id,
  title: leia.metadata.name,
  subtitle: `v${leia.metadata.version} · ${leia.user?.email ?? ''}`,
  // The description matches too, as in the Search box (cut short: cmdk scores every keyword).
  keywords: [leia.metadata.version, leia.description.slice(0, 300)],
});

/** A nested page over `load`ed LEIAs; the page's items carry ids, mapped back on select. */
const leiaPage = (
  page: { placeholder: string; empty: string },
  load: (signal: AbortSignal) => Promise<LeiaListItem[]> | LeiaListItem[],
  pick: (leia: LeiaListItem) => void,
): PageCommand['page'] => {
  let loaded: LeiaListItem[] = [];
  return {
    ...page,
    load: async (signal: AbortSignal) => {
      loaded = await load(signal);
      return loaded.map(itemOf);
    },
    select: (item: PaletteItem) => {
      const leia = loaded.find((candidate) => candidate.id === item.id);
      if (leia) pick(leia);
    },
  };
};

const leiaCommands = (
  { list, view }: LeiaActors,
  actions: readonly RowAction[],
  actor: Actor | null,
): Command[] => {
  const setFilters = (filters: Partial<SearchFilters>) => list.send({ type: 'filters.set', filters });
  const rowsShown = () => list.getSnapshot().context.items;

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
              () =>
                rowsShown().filter(
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
    },
    {
      id: 'leias.open',
      title: 'Open LEIA...',
      group: GROUP,
      icon: <FolderIcon />,
      keywords: ['find', 'go to', 'view', 'version'],
      allowed: signedIn,
      // Every LEIA the user can see, any version, newest first; cmdk filters by the typed name.
      page: leiaPage(
        { placeholder: 'Open which LEIA? Type a name', empty: 'No LEIAs found' },
        async (signal) => (await listLeias({ version: '', limit: SEARCH_MAX_PAGE_SIZE, signal })).items,
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
