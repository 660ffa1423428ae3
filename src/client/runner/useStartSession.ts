import { withFailure } from '@client/api/errors';
import { initializeSession } from '@client/api/runner';
import {
  type StartRequest,
  type StartSessionTexts,
  startingKey,
  startSessionMachine,
} from '@machines/startSession';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useRef } from 'react';
import { type ExternalToast, toast } from 'sonner';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { chatPath } from '../routes';
import { LIST_SCREEN_TOAST } from '../toasts';
import type { ChatNavigationState } from './navigation';

export interface UseStartSessionOptions {
  /** The screen's error texts; default the Search screen's. */
  texts?: StartSessionTexts;
  toast?: ExternalToast;
}

const initializeLogic = startSessionMachine.provide({
  actors: {
    initialize: fromPromise(({ input, signal }) => withFailure(initializeSession(input, { signal }))),
  },
});

/**
 * Starts a runner session and opens /chat/{sessionId} with the given navigation state; shared by
 * every screen that offers Try (Search rows, the design wizard, activities). Only the item being
 * started is busy (`startingKey`); a failure is a toast.
 *
 *   const { start, startingKey } = useStartSession();
 *   start({ key: leia.id, body: { leia: leia.id }, state: { problemDescription } });
 */
export function useStartSession(options: UseStartSessionOptions = {}) {
  const [, navigate] = useLocation();
  // The actor is created once; the latest options are read when it acts.
  const latest = useRef(options);
  latest.current = options;
  const actor = useActorRef(
    initializeLogic.provide({
      actions: {
        openChat: (_, { sessionId, state }) => navigate(chatPath(sessionId), { state }),
        notify: (_, message) => {
          toast.error(message, latest.current.toast ?? LIST_SCREEN_TOAST);
        },
      },
    }),
    { input: { texts: options.texts } },
  );
  const key = useSelector(actor, startingKey);
  const start = useCallback(
    (request: StartRequest<ChatNavigationState>) => actor.send({ type: 'session.start', request }),
    [actor],
  );
  return { start, startingKey: key };
}
