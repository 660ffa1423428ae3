import { matchScore } from './paletteMatch';

/**
 * What a palette command gathers before it runs: its arguments, one page each (static or searched),
 * whose items carry the values (machines/palette.ts runs the gathering; docs/conventions.md
 * "Palette commands" shows how a screen declares them).
 */

/** One choice on an argument's page; `value` is what the command receives when it is chosen. */
export interface PaletteItem<V = unknown> {
  id: string;
  title: string;
  subtitle?: string;
  /** More words a static page's filter matches (a search page's items need none). */
  keywords?: string[];
  value: V;
}

/** A search page's answer: its items, ranked; `more` when more match than it lists. */
export interface PaletteResults<V = unknown> {
  items: PaletteItem<V>[];
  more?: boolean;
}

interface ArgumentPage {
  placeholder: string;
  /** Shown when there is nothing to list (a search page: nothing matches the text). */
  empty?: string;
}

/**
 * A list known up front (or fetched whole): `load` is called once when the page opens (its signal
 * aborts if the page is left first); the palette filters the items as the user types.
 */
export interface StaticArgument<V = unknown> extends ArgumentPage {
  load: (signal: AbortSignal) => Promise<PaletteItem<V>[]> | PaletteItem<V>[];
  search?: undefined;
}

/**
 * A list too large to load whole, filtered where it lives (the server): `search` is called with ''
 * when the page opens, then with the trimmed text 200 ms after the user stops typing. A newer call
 * aborts the previous one's signal and only the newest answer is shown; the palette keeps its
 * order (the page ranks it by match) and says so when the answer has `more`.
 */
export interface SearchArgument<V = unknown> extends ArgumentPage {
  search: (
    text: string,
    signal: AbortSignal,
  ) => Promise<PaletteItem<V>[] | PaletteResults<V>> | PaletteItem<V>[] | PaletteResults<V>;
  load?: undefined;
}

/** One argument a command gathers: a page whose items carry the value. */
export type PaletteArgument<V = unknown> = StaticArgument<V> | SearchArgument<V>;

/**
 * An argument as a command declares it: its page, or a function of the values chosen before it
 * that returns the page (e.g. the roles other than the chosen user's).
 */
export type ArgumentStep = PaletteArgument | ((...before: never[]) => PaletteArgument);

export const isSearchPage = (page: PaletteArgument | null): page is SearchArgument =>
  typeof page?.search === 'function';

/** What the palette gathers arguments for: a command's title, its pages, and what runs with the values. */
export interface Gathering {
  title: string;
  args?: readonly ArgumentStep[];
  run(...values: unknown[]): void;
}

export const argumentsOf = (command: Gathering | null): readonly ArgumentStep[] => command?.args ?? [];

/** The page of the argument after `chosen`, built from the values chosen so far when it depends on them. */
export const pageAfter = (command: Gathering, chosen: PaletteItem[]): PaletteArgument | null => {
  const step = argumentsOf(command)[chosen.length];
  if (typeof step !== 'function') return step ?? null;
  // The command's declaration (defineCommand) typed these values in order.
  return (step as (...before: unknown[]) => PaletteArgument)(...chosen.map((item) => item.value));
};

/** The item Enter stands for when the answer arrives after it: null when nothing matches. */
export const bestMatch = (
  page: PaletteArgument,
  items: readonly PaletteItem[],
  search: string,
): PaletteItem | null => {
  if (isSearchPage(page)) return items[0] ?? null;
  let best: PaletteItem | null = null;
  let bestScore = 0;
  for (const item of items) {
    const score = matchScore(search, [item.title, item.subtitle ?? '', ...(item.keywords ?? [])]);
    if (score > bestScore) {
      best = item;
      bestScore = score;
    }
  }
  return best;
};
