import type { Leia } from '@shared/schemas/leias';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { failureMessage, failureStatus } from './failure';
import { notProvided } from './notProvided';

/**
 * The View modal of the Search screen. List rows carry no specs, so
 * opening fetches the whole LEIA (GET /api/v1/leias/{id}).
 *
 *   Closed --view.open(id)--> Open.Loading --done--> Open.Ready --view.close--> Closed
 *                              Open.Loading --error--> Open.Failed --view.retry--> Open.Loading
 *
 * The tab resets to Problem when a different LEIA is opened; opening the same one again keeps
 * the tab last shown. Which tabs exist (Behaviour only for those who may see it) is the view's
 * decision; it falls back to the first tab when the selected one is not offered.
 */

export const LEIA_TABS = ['problem', 'persona', 'behaviour', 'history'] as const;
export type LeiaTab = (typeof LEIA_TABS)[number];

export const LEIA_VIEW_TEXTS = {
  loading: 'Loading...',
  failed: 'Could not load LEIA',
  notFound: 'LEIA not found',
} as const;

/** What the modal shows before the LEIA has loaded (its title). */
export interface LeiaSummary {
  id: string;
  metadata: { name: string; version: string };
}

export interface LeiaViewContext {
  summary: LeiaSummary | null;
  leia: Leia | null;
  tab: LeiaTab;
  /** The id of the LEIA opened last, to tell a different one from the same one again. */
  lastId: string | null;
  error: string | null;
}

export type LeiaViewEvent =
  /** With `tab`, on that tab (the palette's Show history...). */
  | { type: 'view.open'; leia: LeiaSummary; tab?: LeiaTab }
  | { type: 'view.close' }
  | { type: 'view.tab'; tab: LeiaTab }
  | { type: 'view.retry' };

export const leiaViewMachine = setup({
  types: {
    context: {} as LeiaViewContext,
    events: {} as LeiaViewEvent,
    tags: {} as 'loading',
  },
  actors: {
    loadLeia: fromPromise<Leia, { id: string }>(async () => notProvided('leiaView', 'loadLeia')),
  },
  actions: {
    open: assign(({ context, event }) => {
      if (event.type !== 'view.open') return {};
      const different = event.leia.id !== context.lastId;
      return {
        summary: event.leia,
        leia: context.leia?.id === event.leia.id ? context.leia : null,
        tab: event.tab ?? (different ? ('problem' as const) : context.tab),
        lastId: event.leia.id,
        error: null,
      };
    }),
    selectTab: assign({
      tab: ({ context, event }) => (event.type === 'view.tab' ? event.tab : context.tab),
    }),
  },
}).createMachine({
  id: 'leiaView',
  context: { summary: null, leia: null, tab: 'problem', lastId: null, error: null },
  initial: 'Closed',
  states: {
    Closed: {
      on: { 'view.open': { target: 'Open', actions: 'open' } },
    },
    Open: {
      initial: 'Loading',
      on: {
        'view.close': '#leiaView.Closed',
        'view.tab': { actions: 'selectTab' },
        // Another LEIA chosen while open (e.g. from the palette).
        'view.open': { target: '.Loading', reenter: true, actions: 'open' },
      },
      states: {
        Loading: {
          tags: 'loading',
          invoke: {
            id: 'loadLeia',
            src: 'loadLeia',
            input: ({ context }) => ({ id: context.summary!.id }),
            onDone: { target: 'Ready', actions: assign({ leia: ({ event }) => event.output }) },
            onError: {
              target: 'Failed',
              actions: assign({
                leia: null,
                error: ({ event }) =>
                  failureStatus(event.error) === 404
                    ? LEIA_VIEW_TEXTS.notFound
                    : failureMessage(event.error, LEIA_VIEW_TEXTS.failed),
              }),
            },
          },
        },
        Ready: {},
        Failed: {
          on: { 'view.retry': 'Loading' },
        },
      },
    },
  },
});

export type LeiaViewMachine = typeof leiaViewMachine;
export type LeiaViewSnapshot = SnapshotFrom<LeiaViewMachine>;
export const isLeiaOpen = (s: LeiaViewSnapshot): boolean => s.matches('Open');
/** The LEIA the modal shows, while it is open. */
export const shownLeia = (s: LeiaViewSnapshot) => (s.matches('Open') ? s.context.leia : null);
/** The modal's error, when loading the LEIA failed. */
export const leiaViewError = (s: LeiaViewSnapshot) =>
  s.matches({ Open: 'Failed' }) ? s.context.error : null;
export const isLeiaLoading = (s: LeiaViewSnapshot): boolean => s.hasTag('loading');
