import type { Actor } from '@shared/permissions';
import type { ReactNode } from 'react';

/**
 * A palette command. Screens register commands while mounted (usePaletteCommands); the palette
 * shows those whose `allowed` predicate passes for the signed-in user. Use the same predicates
 * from src/shared/permissions.ts that decide whether the matching button is shown.
 */
interface CommandBase {
  /** Stable id, unique among mounted commands, e.g. 'users.add'. */
  id: string;
  /** Visible label, e.g. 'Add user'. Commands that open a nested page end with '...'. */
  title: string;
  /** Heading the command is listed under, e.g. 'Navigation', 'Users', 'Search'. */
  group: string;
  /** Extra words that should match, e.g. ['new', 'create']. */
  keywords?: string[];
  /** Shortcut shown beside the title (display only; binding keys is useShortcut's job). */
  shortcut?: string;
  allowed?: (actor: Actor | null) => boolean;
  /** Small icon shown before the title (e.g. from components/icons). */
  icon?: ReactNode;
}

export interface ActionCommand extends CommandBase {
  run: () => void;
  /**
   * Also offered with the text typed in the palette: while the box at the root holds text, the
   * palette lists one more item, `title(text)` (e.g. 'Search LEIAs for “bank”'), below the
   * matching commands and whatever the filter; choosing it runs `run(text)` with the trimmed
   * text. Choosing the command itself still runs `run()`. For commands whose natural argument is
   * free text (a search box to fill in), so the user need not type the text twice.
   */
  withText?: {
    title: (text: string) => string;
    run: (text: string) => void;
  };
}

export interface PaletteItem {
  id: string;
  title: string;
  subtitle?: string;
  /** More words a static page's filter matches (a search page's items need none). */
  keywords?: string[];
}

interface PageBase {
  placeholder: string;
  /** Shown when there is nothing to list (a search page: nothing matches the text). */
  empty?: string;
  select: (item: PaletteItem) => void;
}

/**
 * A list known up front (or fetched whole): `load` is called once when the page opens (its signal
 * aborts if the page is left first); the palette filters the items as the user types.
 */
export interface StaticPage extends PageBase {
  load: (signal: AbortSignal) => Promise<PaletteItem[]> | PaletteItem[];
  search?: undefined;
}

/**
 * A list too large to load whole, filtered where it lives (the server): `search` is called with
 * '' when the page opens, then with the trimmed text 200 ms after the user stops typing. A newer
 * call aborts the previous one's signal, and only the newest answer is shown; the palette does
 * not filter or reorder the items (they come back ranked), and shows them as being refreshed
 * until the next answer arrives.
 */
export interface SearchPage extends PageBase {
  search: (text: string, signal: AbortSignal) => Promise<PaletteItem[]> | PaletteItem[];
  load?: undefined;
}

/** A command that needs an argument opens a nested page listing the choices. */
export interface PageCommand extends CommandBase {
  page: StaticPage | SearchPage;
}

export type Command = ActionCommand | PageCommand;

export const isPageCommand = (command: Command): command is PageCommand => 'page' in command;

/** The command offers itself with the typed text too (see ActionCommand.withText). */
export const takesText = (
  command: Command,
): command is ActionCommand & { withText: NonNullable<ActionCommand['withText']> } =>
  !isPageCommand(command) && command.withText !== undefined;
