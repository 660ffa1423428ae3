import { assign, fromPromise, setup } from 'xstate';

/**
 * The command palette and the shortcuts help (ARCHITECTURE.md "Palette and keyboard").
 *
 *   Closed --open/toggle--> Open.Root --openPage--> Open.Page.Loading --> Ready | Failed
 *   Open.Page --back/escape/backspace on empty--> Open.Root --escape--> Closed
 *   any --help--> Help --close--> Closed
 *   Open --run--> Closed, then the chosen command runs (after the dialog has closed, so the
 *   command can move focus and navigate freely).
 */

export interface PaletteEntry {
  id: string;
  title: string;
  subtitle?: string;
  keywords?: string[];
}

/** A nested page: what a command that needs an argument lists. */
export interface PalettePage {
  title: string;
  placeholder: string;
  empty?: string;
  load: (signal: AbortSignal) => Promise<PaletteEntry[]> | PaletteEntry[];
  /** Carried for the view, which runs it through 'palette.run' when an item is chosen. */
  select: (item: PaletteEntry) => void;
}

export interface PaletteContext {
  search: string;
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

const root = { search: '', page: null, items: [], error: null };

export const paletteMachine = setup({
  types: {
    context: {} as PaletteContext,
    events: {} as PaletteEvent,
    tags: {} as 'loading',
  },
  actors: {
    // Not IO itself: it calls the page's own loader, and aborts it when the page is left.
    loadItems: fromPromise<PaletteEntry[], { page: PalettePage }>(async ({ input, signal }) =>
      input.page.load(signal),
    ),
  },
  actions: {
    /** Runs the chosen command once the palette has closed (the app defers it a tick). */
    runCommand: (_, _params: { run: () => void }) => {},
  },
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
            'palette.back': { target: 'Root', actions: assign(root) },
            'palette.escape': { target: 'Root', actions: assign(root) },
            'palette.backspace': {
              guard: ({ context }) => context.search === '',
              target: 'Root',
              actions: assign(root),
            },
          },
          states: {
            Loading: {
              tags: 'loading',
              invoke: {
                src: 'loadItems',
                input: ({ context }) => ({ page: context.page! }),
                onDone: { target: 'Ready', actions: assign({ items: ({ event }) => event.output }) },
                onError: {
                  target: 'Failed',
                  actions: assign({
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
