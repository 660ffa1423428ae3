import type { InitializeBody } from '@shared/schemas/runner';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { failureLimitText } from './failure';
import type { Notice } from './notice';
import { notProvided } from './notProvided';

/**
 * Starting a chat session and opening it: the LEIA lists' 'Try'. A screen with texts of its own
 * passes them as input.
 *
 *   Idle --session.start--> Starting --{sessionId}--> Idle (openChat with the navigation state)
 *   Starting --answer without a sessionId--> Idle (notify texts.noSession)
 *   Starting --error--> Idle (notify texts.failed, or what a fair-use limit refused and when to retry)
 *   Starting --session.start (another one)--> Starting (the latest click wins; the one starting is refused)
 *
 * `starting.key` says which item is starting, so only that row's button is disabled. Each screen
 * passes its own texts as input and provides `initialize` (POST /runner/initialize), `openChat`
 * (navigate) and `notify` (a toast).
 */

export interface StartSessionTexts {
  /** The server answered without a session id. */
  noSession: string;
  /** The call failed. */
  failed: string;
}

/** The LEIA list screens' texts (the default). */
export const SEARCH_START_TEXTS: StartSessionTexts = {
  noSession: 'Could not start chat session',
  failed: 'Error starting chat session',
};

export interface StartRequest<TState = unknown> {
  /** Identifies what is starting (a LEIA id, a wizard, an activity row). */
  key: string;
  body: InitializeBody;
  /** Handed to the chat screen as navigation state. */
  state?: TState;
}

export interface StartSessionInput {
  texts?: StartSessionTexts;
}

export interface StartSessionContext {
  texts: StartSessionTexts;
  starting: StartRequest | null;
}

export type StartSessionEvent = { type: 'session.start'; request: StartRequest };

export const startSessionMachine = setup({
  types: {
    context: {} as StartSessionContext,
    events: {} as StartSessionEvent,
    input: {} as StartSessionInput,
  },
  actors: {
    initialize: fromPromise<{ sessionId?: string }, InitializeBody>(async () =>
      notProvided('startSession', 'initialize'),
    ),
  },
  actions: {
    openChat: (_, _params: { sessionId: string; state: unknown }) => notProvided('startSession', 'openChat'),
    notify: (_, _notice: Notice) => notProvided('startSession', 'notify'),
  },
  guards: {
    /** What is starting is not started again (its button is busy). */
    notStartingIt: ({ context, event }) => context.starting?.key !== event.request.key,
  },
}).createMachine({
  id: 'startSession',
  context: ({ input }) => ({ texts: input.texts ?? SEARCH_START_TEXTS, starting: null }),
  initial: 'Idle',
  on: {
    'session.start': {
      guard: 'notStartingIt',
      target: '.Starting',
      reenter: true,
      actions: assign({ starting: ({ event }) => event.request }),
    },
  },
  states: {
    // Cleared on entering Idle, not on leaving Starting: openChat still reads the request.
    Idle: { entry: assign({ starting: null }) },
    Starting: {
      tags: 'loading',
      invoke: {
        src: 'initialize',
        input: ({ context }) => context.starting?.body ?? {},
        onDone: [
          {
            guard: ({ event }) =>
              typeof event.output?.sessionId === 'string' && event.output.sessionId !== '',
            target: 'Idle',
            actions: {
              type: 'openChat',
              params: ({ context, event }) => ({
                sessionId: event.output.sessionId ?? '',
                state: context.starting?.state,
              }),
            },
          },
          {
            target: 'Idle',
            actions: {
              type: 'notify',
              params: ({ context }): Notice => ({ tone: 'error', message: context.texts.noSession }),
            },
          },
        ],
        onError: {
          target: 'Idle',
          actions: {
            type: 'notify',
            params: ({ context, event }): Notice => ({
              tone: 'error',
              message: failureLimitText(event.error) ?? context.texts.failed,
            }),
          },
        },
      },
    },
  },
});

export type StartSessionSnapshot = SnapshotFrom<typeof startSessionMachine>;

/** The key of what is starting, or null. */
export const startingKey = (s: StartSessionSnapshot): string | null => s.context.starting?.key ?? null;
