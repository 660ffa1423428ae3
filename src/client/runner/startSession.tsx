import { withFailure } from '@client/api/errors';
import { initializeSession } from '@client/api/runner';
import {
  type StartRequest,
  type StartSessionTexts,
  startingKey,
  startSessionMachine,
} from '@machines/startSession';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { chatPath } from '../routes';
import { showNotice } from '../toasts';
import type { ChatNavigationState } from './navigation';

/** Starting a chat session (machines/startSession.ts), for every screen that offers Try. */
export const StartSessionActor = createActorContext(startSessionMachine);

export interface StartSessionActorsProps {
  /** The screen's error texts; default the Search screen's. */
  texts?: StartSessionTexts;
  children: ReactNode;
}

/** Wires the machine once: POST /runner/initialize, the router to the chat, a toast on failure. */
export function StartSessionActors({ texts, children }: StartSessionActorsProps) {
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    startSessionMachine.provide({
      actors: {
        initialize: fromPromise(({ input, signal }) => withFailure(initializeSession(input, { signal }))),
      },
      actions: {
        openChat: (_, { sessionId, state }) => navigate(chatPath(sessionId), { state }),
        notify: showNotice,
      },
    }),
  );
  return (
    <StartSessionActor.Provider logic={logic} options={{ input: { texts } }}>
      {children}
    </StartSessionActor.Provider>
  );
}

/**
 * Starts a runner session and opens /chat/{sessionId} with the given navigation state. Only the
 * item being started is busy (`startingKey`); a failure is a toast.
 *
 *   const { start, startingKey } = useStartSession();
 *   start({ key: leia.id, body: { leia: leia.id }, state: { problemDescription } });
 */
export function useStartSession() {
  const actor = StartSessionActor.useActorRef();
  const key = StartSessionActor.useSelector(startingKey);
  const start = useCallback(
    (request: StartRequest<ChatNavigationState>) => actor.send({ type: 'session.start', request }),
    [actor],
  );
  return { start, startingKey: key };
}
