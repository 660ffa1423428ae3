import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';

/**
 * The command palette and the shortcuts help (ARCHITECTURE.md "Palette and keyboard").
 *
 *   Closed --open/toggle--> Open.Root --openPage--> Open.Page.Loading --> Ready | Failed
 *   Open.Page --back/escape/backspace on empty--> Open.Root --escape--> Closed
 *   any --help--> Help --close--> Closed
 *   Open --run--> Closed, then the chosen command runs (after the dialog has closed, so the
 *   command can move focus and navigate freely).
 *
 * Two kinds of page. A static page `load`s its list once when it opens; the view filters it as
 * the user types. A search page asks `search(text)` instead: at once with '' when it opens, then
 * for each change of the trimmed text, 200 ms after the last keystroke:
 *
 *   Open.Page.* --search (text changed)--> Debouncing --200 ms--> Loading --> Ready | Failed
 *
 * A keystroke while Loading leaves it, which stops the invoked request and aborts its signal, so
 * an older answer never replaces a newer one. The items shown stay until the next answer arrives
 * (the view marks them as being refreshed); a failure clears them and offers Retry.
 */

/** How long a search page waits after the last keystroke before it asks again. */
export const PALETTE_SEARCH_DEBOUNCE_MS = 200;

export interface PaletteEntry {
  id: string;
  title: string;
  subtitle?: string;
  keywords?: string[];
}

interface PalettePageBase {
  title: string;
  placeholder: string;
  empty?: string;
  /** Carried for the view, which runs it through 'palette.run' when an item is chosen. */
  select: (item: PaletteEntry) => void;
}

/** A page whose whole list is loaded once; the view filters it as the user types. */
export interface StaticPalettePage extends PalettePageBase {
  load: (signal: AbortSignal) => Promise<PaletteEntry[]> | PaletteEntry[];
  search?: undefined;
}

/** A page that asks for its items as the user types (the server filters; the view does not). */
export interface SearchPalettePage extends PalettePageBase {
  /** `text` is trimmed ('' when the box is empty); `signal` aborts when a newer search starts. */
  search: (text: string, signal: AbortSignal) => Promise<PaletteEntry[]> | PaletteEntry[];
  load?: undefined;
}

/** A nested page: what a command that needs an argument lists. */
export type PalettePage = StaticPalettePage | SearchPalettePage;

export const isSearchPage = (page: PalettePage | null): page is SearchPalettePage =>
  typeof page?.search === 'function';

export interface PaletteContext {
  /** The text in the search box, as typed. */
  search: string;
  /** A search page's text of the request under way or last made (trimmed). */
  query: string;
  page: PalettePage | null;
  items: PaletteEntry[];
  error: string | null;
}

export type PaletteEvent =
  | { type: 'palette.open' }
  | { type: 'palette.toggle' }
  | { type: 'palette.close' }
  | { type: 'palette.help' }
  | { type: 'palette.search'; value: string }
  | { type: 'palette.openPage'; page: PalettePage }
  | { type: 'palette.back' }
  /** Backspace pressed in the search box: goes back only when the box is empty. */
  | { type: 'palette.backspace' }
  | { type: 'palette.escape' }
  | { type: 'palette.retry' }
  | { type: 'palette.run'; run: () => void };

export const PALETTE_TEXTS = {
  loadFailed: 'Could not load the list',
} as const;

const root = { search: '', query: '', page: null, items: [], error: null };

export const paletteMachine = setup({
  types: {
    context: {} as PaletteContext,
    events: {} as PaletteEvent,
    tags: {} as 'loading',
  },
  actors: {
    // Not IO itself: it calls the page's own loader, and aborts it when the page is left.
    loadItems: fromPromise<PaletteEntry[], { page: PalettePage; query: string }>(
      async ({ input: { page, query }, signal }) =>
        isSearchPage(page) ? page.search(query, signal) : page.load(signal),
    ),
  },
  actions: {
    /** Runs the chosen command once the palette has closed (the app defers it a tick). */
    runCommand: (_, _params: { run: () => void }) => notProvided('palette', 'runCommand'),
  },
  guards: {
    /** On a search page, the trimmed text differs from the one last asked for. */
    changesQuery: ({ context, event }) =>
      event.type === 'palette.search' && isSearchPage(context.page) && event.value.trim() !== context.query,
  },
  delays: { debounce: PALETTE_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'palette',
  context: root,
  initial: 'Closed',
  on: {
    'palette.help': { target: '.Help', actions: assign(root) },
  },
  states: {
    Closed: {
      on: {
        'palette.open': { target: 'Open', actions: assign(root) },
        'palette.toggle': { target: 'Open', actions: assign(root) },
      },
    },
    Open: {
      initial: 'Root',
      on: {
        'palette.close': 'Closed',
        'palette.toggle': 'Closed',
        'palette.search': { actions: assign({ search: ({ event }) => event.value }) },
        'palette.run': {
          target: 'Closed',
          actions: { type: 'runCommand', params: ({ event }) => ({ run: event.run }) },
        },
      },
      states: {
        Root: {
          on: {
            'palette.escape': '#palette.Closed',
            'palette.openPage': {
              target: 'Page',
              actions: assign(({ event }) => ({ ...root, page: event.page })),
            },
          },
        },
        Page: {
          initial: 'Loading',
          on: {
            // Deeper than Open's own 'palette.search', so it is tried first; otherwise Open's applies.
            'palette.search': {
              guard: 'changesQuery',
              target: '.Debouncing',
              reenter: true,
              actions: assign(({ event }) => ({
                search: event.value,
                query: event.value.trim(),
                error: null,
              })),
            },
            'palette.back': { target: 'Root', actions: assign(root) },
            'palette.escape': { target: 'Root', actions: assign(root) },
            'palette.backspace': {
              guard: ({ context }) => context.search === '',
              target: 'Root',
              actions: assign(root),
            },
          },
          states: {
            Debouncing: {
              after: { debounce: 'Loading' },
            },
            Loading: {
              tags: 'loading',
              invoke: {
                src: 'loadItems',
                input: ({ context }) => ({ page: context.page!, query: context.query }),
                onDone: { target: 'Ready', actions: assign({ items: ({ event }) => event.output }) },
                onError: {
                  target: 'Failed',
                  actions: assign({
                    items: [],
                    error: ({ event }) =>
                      event.error instanceof Error && event.error.message
                        ? `${PALETTE_TEXTS.loadFailed}: ${event.error.message}`
                        : PALETTE_TEXTS.loadFailed,
                  }),
                },
              },
            },
            Ready: {},
            Failed: {
              on: { 'palette.retry': { target: 'Loading', actions: assign({ error: null }) } },
            },
          },
        },
      },
    },
    Help: {
      on: {
        'palette.close': 'Closed',
        'palette.escape': 'Closed',
        'palette.open': { target: 'Open', actions: assign(root) },
        'palette.toggle': { target: 'Open', actions: assign(root) },
      },
    },
  },
});

export type PaletteMachine = typeof paletteMachine;
