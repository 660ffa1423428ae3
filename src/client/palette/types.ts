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
}

export interface PaletteItem {
  id: string;
  title: string;
  subtitle?: string;
  keywords?: string[];
}

/** A command that needs an argument opens a nested page listing the choices. */
export interface PageCommand extends CommandBase {
  page: {
    placeholder: string;
    /** Called when the page opens; may fetch. Items are filtered by cmdk as the user types. */
    load: (signal: AbortSignal) => Promise<PaletteItem[]> | PaletteItem[];
    empty?: string;
    select: (item: PaletteItem) => void;
  };
}

export type Command = ActionCommand | PageCommand;

export const isPageCommand = (command: Command): command is PageCommand => 'page' in command;
