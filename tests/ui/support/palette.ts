import { usePaletteCommands } from '@client/palette';
// Not from '@client/palette': tests may replace that module wholesale (its hooks are vi.fn()).
import {
  type ActionCommand,
  type Command,
  isPageCommand,
  type PageCommand,
  type PaletteItem,
} from '@client/palette/types';
import { act } from '@testing-library/react';

/**
 * Reading the commands a screen registers, in tests that mock '@client/palette' so that
 * usePaletteCommands is a vi.fn() (see ./mocks.ts): the last registration is what is mounted.
 */
export const registeredCommands = (): Command[] => vi.mocked(usePaletteCommands).mock.lastCall?.[0] ?? [];

export const findCommand = (id: string): Command => {
  const found = registeredCommands().find((command) => command.id === id);
  if (!found) throw new Error(`no command ${id}`);
  return found;
};

export const pageCommand = (id: string): PageCommand => {
  const found = findCommand(id);
  if (!isPageCommand(found)) throw new Error(`${id} is not a page`);
  return found;
};

export const actionCommand = (id: string): ActionCommand => {
  const found = findCommand(id);
  if (isPageCommand(found)) throw new Error(`${id} is a page`);
  return found;
};

/** Runs an action command as the palette would (inside act, for the state updates). */
export const runCommand = (id: string): void => {
  const found = actionCommand(id);
  act(() => found.run());
};

/**
 * A page command's items as the palette would get them: a static page's `load`, or a search
 * page's `search` for `text` ('' = what the page shows when it opens).
 */
export const pageItems = (
  command: PageCommand,
  text = '',
  signal: AbortSignal = new AbortController().signal,
): Promise<PaletteItem[]> | PaletteItem[] =>
  command.page.search ? command.page.search(text, signal) : command.page.load(signal);
