import { usePaletteCommands } from '@client/palette';
// Not from '@client/palette': tests may replace that module wholesale (its hooks are vi.fn()).
import { type Command, type PaletteArgument, type PaletteItem, takesArguments } from '@client/palette/types';
import { act } from '@testing-library/react';

/**
 * Reading the commands a screen registers, in tests that mock '@client/palette' so that
 * usePaletteCommands is a vi.fn() (see ./mocks.ts): the last registration is what is mounted.
 */
export const registeredCommands = (): readonly Command[] =>
  vi.mocked(usePaletteCommands).mock.lastCall?.[0] ?? [];

/** The registered commands that can run now (the palette greys out the others, with their reason). */
export const runnableCommands = (): Command[] =>
  registeredCommands().filter((command) => command.disabled === undefined);

export const findCommand = (id: string): Command => {
  const found = registeredCommands().find((command) => command.id === id);
  if (!found) throw new Error(`no command ${id}`);
  return found;
};

/** A command that gathers arguments, a page each. */
export const pageCommand = (id: string): Command => {
  const found = findCommand(id);
  if (!takesArguments(found)) throw new Error(`${id} takes no arguments`);
  return found;
};

export const actionCommand = (id: string): Command => {
  const found = findCommand(id);
  if (takesArguments(found)) throw new Error(`${id} takes arguments`);
  return found;
};

/** Runs a command without arguments as the palette would (inside act, for the state updates). */
export const runCommand = (id: string): void => {
  const found = actionCommand(id);
  act(() => found.run());
};

/** The page of a command's argument, given the values chosen before it. */
export const argumentPage = (command: Command, index = 0, ...before: unknown[]): PaletteArgument => {
  const step = command.args?.[index];
  if (!step) throw new Error(`${command.id} has no argument ${index}`);
  return typeof step === 'function' ? (step as (...values: unknown[]) => PaletteArgument)(...before) : step;
};

/**
 * A command's first page's items as the palette would get them: a static page's `load`, or a
 * search page's `search` for `text` ('' = what the page shows when it opens).
 */
export const pageItems = async (
  command: Command,
  text = '',
  signal: AbortSignal = new AbortController().signal,
): Promise<PaletteItem[]> => {
  const page = argumentPage(command);
  const answer = page.search ? await page.search(text, signal) : await page.load(signal);
  return Array.isArray(answer) ? answer : answer.items;
};

/** Chooses one item per argument, as the palette would, and runs the command with their values. */
export const chooseItems = (command: Command, ...items: PaletteItem[]): void => {
  act(() => command.run(...items.map((item) => item.value)));
};
