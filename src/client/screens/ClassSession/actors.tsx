import {
  closeClassSession,
  extendClassSession,
  getStudentConversation,
  watchClassSession,
} from '@client/api/classSessions';
import { toFailure, withFailure } from '@client/api/errors';
import { copyText } from '@client/clipboard';
import { showNotice } from '@client/toasts';
import type { LiveMachineEvent } from '@machines/classLive/contract';
import { classLiveMachine } from '@machines/classLive/machine';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { joinLinkOf } from './joinLink';

/** The live view of one class session (machines/classLive), wired once to its API and events. */
export const ClassLiveActor = createActorContext(classLiveMachine);

export function ClassLiveActors({ sessionId, children }: { sessionId: string; children: ReactNode }) {
  const [logic] = useState(() =>
    classLiveMachine.provide({
      actors: {
        watch: fromCallback<LiveMachineEvent, { sessionId: string; studentId: string | null }>(
          ({ input, sendBack }) => {
            const controller = new AbortController();
            watchClassSession(
              input.sessionId,
              (event) => sendBack({ type: 'live.event', event, receivedAt: Date.now() }),
              { signal: controller.signal, studentId: input.studentId ?? undefined },
            ).then(
              () => sendBack({ type: 'live.lost' }),
              (error: unknown) => {
                if (!controller.signal.aborted) sendBack({ type: 'live.lost', error: toFailure(error) });
              },
            );
            return () => controller.abort();
          },
        ),
        loadConversation: fromPromise(({ input, signal }) =>
          withFailure(getStudentConversation(input.sessionId, input.studentId, { signal })),
        ),
        extend: fromPromise(({ input }) => withFailure(extendClassSession(input.sessionId, input.minutes))),
        close: fromPromise(({ input }) => withFailure(closeClassSession(input.sessionId))),
        clock: fromCallback(({ sendBack }) => {
          const timer = setInterval(() => sendBack({ type: 'clock.tick', now: Date.now() }), 1000);
          return () => clearInterval(timer);
        }),
      },
      actions: {
        notify: showNotice,
        copy: (_, { what, value }) => {
          if (what === 'code') void copyText(value, 'Code copied');
          else void copyText(joinLinkOf(value), 'Join link copied');
        },
      },
    }),
  );
  const [options] = useState(() => ({ input: { sessionId } }));
  return (
    <ClassLiveActor.Provider logic={logic} options={options}>
      {children}
    </ClassLiveActor.Provider>
  );
}
