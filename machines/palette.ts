import { and, assign, enqueueActions, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { notProvided } from './notProvided';
import {
  argumentsOf,
  bestMatch,
  type Gathering,
  isSearchPage,
  type PaletteArgument,
  type PaletteItem,
  type PaletteResults,
  pageAfter,
} from './paletteArguments';

/**
 * The command palette and the shortcuts help (docs/architecture.md "Palette commands").
 *
 *   Closed --open/toggle--> Open.Root
 *   Open.Root --run (a command without arguments)--> Closed, then the command runs
 *   Open.Root --begin (a command with arguments)--> Open.Page: its first argument's page
 *   Open.Page --choose (an item)--> the next argument's page; after the last one, Closed, then the
 *     command runs with the chosen items' values, in order
 *   Open.Page --back/escape/backspace in the empty box--> the previous argument's page, or Root
 *   Open.Root --escape--> Closed;  any --help--> Help --close--> Closed
 *
 * A command runs once the dialog has closed, so it can move the focus and navigate freely.
 *
 * An argument's page is one of two kinds. A static page `load`s its list once when it opens; the
 * view filters it as the user types. A search page asks `search(text)` instead: at once with ''
 * when it opens, then for each change of the trimmed text, 200 ms after the last keystroke:
 *
 *   Open.Page.* --search (text changed)--> Debouncing --200 ms--> Loading --> Ready | Failed
 *
 * A keystroke while Loading leaves it, which stops the invoked request and aborts its signal, so
 * an older answer never replaces a newer one. The items shown stay until the next answer arrives
 * (the view marks them as being refreshed); a failure clears them and offers Retry.
 *
 * Enter acts on the best match for the text typed. While the answer for that text is not in yet
 * (Debouncing, Loading) the view sends `palette.enter` instead of letting a stale row be chosen;
 * the machine then chooses the best match of the answer as it arrives (a search page's first item,
 * which the page ranks; a static page's best by the palette's filter).
 */

/** How long a search page waits after the last keystroke before it asks again. */
export const PALETTE_SEARCH_DEBOUNCE_MS = 200;

export const PALETTE_TEXTS = {
  loadFailed: 'Could not load the list',
  empty: 'Nothing to choose from.',
  more: 'More match than are listed: type more to narrow the list.',
} as const;

export interface PaletteContext {
  /** The text in the search box, as typed. */
  search: string;
  /** A search page's text of the request under way or last made (trimmed). */
  query: string;
  /** The command whose arguments are being gathered, and the items chosen so far, in order. */
  command: Gathering | null;
  chosen: PaletteItem[];
  /** The page of the argument being chosen: command.args[chosen.length]. */
  page: PaletteArgument | null;
  items: PaletteItem[];
  /** The last answer said more match than it lists. */
  more: boolean;
  error: string | null;
  /** Enter was pressed before the answer for the typed text arrived: its best match is chosen then. */
  enterPending: boolean;
}

export type PaletteEvent =
  | { type: 'palette.open' }
  | { type: 'palette.toggle' }
  | { type: 'palette.close' }
  | { type: 'palette.help' }
  | { type: 'palette.search'; value: string }
  | { type: 'palette.begin'; command: Gathering }
  | { type: 'palette.choose'; item: PaletteItem }
  /** Enter while the answer for the typed text is on its way (see above). */
  | { type: 'palette.enter' }
  | { type: 'palette.back' }
  /** Backspace pressed in the search box: goes back only when the box is empty. */
  | { type: 'palette.backspace' }
  | { type: 'palette.escape' }
  | { type: 'palette.retry' }
  | { type: 'palette.run'; run: () => void };

const root: PaletteContext = {
  search: '',
  query: '',
  command: null,
  chosen: [],
  page: null,
  items: [],
  more: false,
  error: null,
  enterPending: false,
};

/** A fresh page for the argument after `chosen`. */
const onArgument = (command: Gathering, chosen: PaletteItem[]): PaletteContext => ({
  ...root,
  command,
  chosen,
  page: pageAfter(command, chosen),
});

const asResults = (answer: PaletteItem[] | PaletteResults): PaletteResults =>
  Array.isArray(answer) ? { items: answer } : answer;

export const paletteMachine = setup({
  types: {
    context: {} as PaletteContext,
    events: {} as PaletteEvent,
    tags: {} as 'loading',
  },
  actors: {
    // Not IO itself: it calls the page's own loader, and aborts it when the page is left.
    loadItems: fromPromise<PaletteResults, { page: PaletteArgument; query: string }>(
      async ({ input: { page, query }, signal }) =>
        asResults(isSearchPage(page) ? await page.search(query, signal) : await page.load(signal)),
    ),
  },
  actions: {
    /** Runs the chosen command once the palette has closed (the app defers it a tick). */
    runCommand: (_, _params: { run: () => void }) => notProvided('palette', 'runCommand'),
    waitForAnswer: assign({ enterPending: true }),
    previousArgument: assign(({ context }) =>
      context.command ? onArgument(context.command, context.chosen.slice(0, -1)) : root,
    ),
  },
  guards: {
    /** On a search page, the trimmed text differs from the one last asked for. */
    changesQuery: ({ context, event }) =>
      event.type === 'palette.search' && isSearchPage(context.page) && event.value.trim() !== context.query,
    takesArguments: (_, command: Gathering) => argumentsOf(command).length > 0,
    isLastArgument: ({ context }) => context.chosen.length + 1 >= argumentsOf(context.command).length,
    hasChosen: ({ context }) => context.chosen.length > 0,
    boxIsEmpty: ({ context }) => context.search === '',
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
            'palette.begin': [
              {
                guard: { type: 'takesArguments', params: ({ event }) => event.command },
                target: 'Page',
                actions: assign(({ event }) => onArgument(event.command, [])),
              },
              {
                target: '#palette.Closed',
                actions: {
                  type: 'runCommand',
                  params: ({ event }) => ({ run: () => event.command.run() }),
                },
              },
            ],
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
                enterPending: false,
              })),
            },
            'palette.choose': [
              {
                guard: 'isLastArgument',
                target: '#palette.Closed',
                actions: {
                  type: 'runCommand',
                  params: ({ context, event }) => {
                    const values = [...context.chosen, event.item].map((item) => item.value);
                    const command = context.command;
                    return { run: () => command?.run(...values) };
                  },
                },
              },
              {
                target: 'Page',
                reenter: true,
                actions: assign(({ context, event }) =>
                  context.command ? onArgument(context.command, [...context.chosen, event.item]) : root,
                ),
              },
            ],
            'palette.back': [
              { guard: 'hasChosen', target: 'Page', reenter: true, actions: 'previousArgument' },
              { target: 'Root', actions: assign(root) },
            ],
            'palette.escape': [
              { guard: 'hasChosen', target: 'Page', reenter: true, actions: 'previousArgument' },
              { target: 'Root', actions: assign(root) },
            ],
            'palette.backspace': [
              {
                guard: and(['boxIsEmpty', 'hasChosen']),
                target: 'Page',
                reenter: true,
                actions: 'previousArgument',
              },
              { guard: 'boxIsEmpty', target: 'Root', actions: assign(root) },
            ],
          },
          states: {
            Debouncing: {
              after: { debounce: 'Loading' },
              on: { 'palette.enter': { actions: 'waitForAnswer' } },
            },
            Loading: {
              tags: 'loading',
              on: { 'palette.enter': { actions: 'waitForAnswer' } },
              invoke: {
                src: 'loadItems',
                input: ({ context }) => ({ page: context.page!, query: context.query }),
                onDone: {
                  target: 'Ready',
                  actions: enqueueActions(({ context, event, enqueue }) => {
                    const { items, more } = event.output;
                    enqueue.assign({ items, more: more === true, enterPending: false });
                    // Enter came first: choose what it stood for, now that the answer is here.
                    const best =
                      context.enterPending && context.page
                        ? bestMatch(context.page, items, context.search)
                        : null;
                    if (best) enqueue.raise({ type: 'palette.choose', item: best });
                  }),
                },
                onError: {
                  target: 'Failed',
                  actions: assign({
                    items: [],
                    more: false,
                    enterPending: false,
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
export type PaletteSnapshot = SnapshotFrom<PaletteMachine>;
export const isPaletteOpen = (s: PaletteSnapshot): boolean => s.matches('Open');
/** What the palette shows: the command list, the shortcuts help, or nothing. */
export const paletteMode = (s: PaletteSnapshot): 'open' | 'help' | 'closed' =>
  s.matches('Open') ? 'open' : s.matches('Help') ? 'help' : 'closed';
/** Results are on their way (a search loads, or the typing pause before it). */
export const isPaletteBusy = (s: PaletteSnapshot): boolean =>
  s.hasTag('loading') || s.matches({ Open: { Page: 'Debouncing' } });
