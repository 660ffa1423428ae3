import type { ArgumentStep, PaletteArgument } from '@machines/paletteArguments';
import type { Actor } from '@shared/permissions';
import type { ReactNode } from 'react';

/** The argument pages are the palette machine's (one home: machines/paletteArguments.ts). */
export type {
  ArgumentStep,
  PaletteArgument,
  PaletteItem,
  PaletteResults,
  SearchArgument,
  StaticArgument,
} from '@machines/paletteArguments';

/**
 * What every palette command has. Screens register commands while mounted (usePaletteCommands);
 * the palette lists those whose `allowed` predicate passes for the signed-in user (the same
 * predicates from src/shared/permissions.ts that decide whether the matching button is shown).
 */
export interface CommandBase {
  /** Stable id, unique among mounted commands, e.g. 'users.add'. */
  id: string;
  /** Visible label, e.g. 'Add user'. Commands that gather arguments end with '...'. */
  title: string;
  /** Heading the command is listed under, e.g. 'Navigation', 'Users', 'Search'. */
  group: string;
  /** Extra words that should match, e.g. ['new', 'create']. */
  keywords?: string[];
  /** Shortcut shown beside the title (display only; binding keys is useShortcut's job). */
  shortcut?: string;
  /** Who may ever run it; the others never see it. */
  allowed?: (actor: Actor | null) => boolean;
  /**
   * Why it cannot run now, e.g. 'Nothing to export yet'. The palette lists it greyed out with this
   * reason and does not run it; absent, it can run.
   */
  disabled?: string;
  /** Small icon shown before the title (e.g. from components/icons). */
  icon?: ReactNode;
  /**
   * An app-wide stand-in: listed only while no screen registers a command of the same id (the
   * app's 'Open LEIA...' gives way to the one of a LEIA list screen, which searches as it lists).
   */
  fallback?: boolean;
}

/**
 * A palette command. Without `args` it runs when chosen. With `args` it gathers one value per
 * argument, a page each, in order (Backspace in the empty box goes back one), then runs with
 * them: declare such a command with `defineCommand`, which types `run` from the pages.
 */
export interface Command extends CommandBase {
  args?: readonly ArgumentStep[];
  run(...values: unknown[]): void;
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

/** An argument as declared: its page, or a function of the values chosen before it. */
type Step<V, Before extends unknown[]> = PaletteArgument<V> | ((...before: Before) => PaletteArgument<V>);

/**
 * A command that gathers arguments, with `run` typed by its pages' values:
 *
 *   defineCommand({ id: 'users.changeRole', title: 'Change user role...', group: 'Users',
 *     args: [userArgument, (user) => roleArgument(user)],
 *     run: (user, role) => roles.send({ type: 'role.change', user, role }) });
 */
export function defineCommand<A>(
  command: CommandBase & { args: [Step<A, []>]; run: (a: A) => void },
): Command;
export function defineCommand<A, B>(
  command: CommandBase & { args: [Step<A, []>, Step<B, [A]>]; run: (a: A, b: B) => void },
): Command;
export function defineCommand<A, B, C>(
  command: CommandBase & {
    args: [Step<A, []>, Step<B, [A]>, Step<C, [A, B]>];
    run: (a: A, b: B, c: C) => void;
  },
): Command;
export function defineCommand(command: Command): Command {
  return command;
}

export const takesArguments = (command: Command): boolean => (command.args?.length ?? 0) > 0;

/** The command offers itself with the typed text too (see Command.withText). */
export const takesText = (
  command: Command,
): command is Command & { withText: NonNullable<Command['withText']> } =>
  !takesArguments(command) && command.withText !== undefined && command.disabled === undefined;
