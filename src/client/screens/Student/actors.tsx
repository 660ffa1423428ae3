import { toFailure, withFailure } from '@client/api/errors';
import {
  getJoinInfo,
  getOwnReport,
  getStudentView,
  handInWork,
  joinClassSession,
  resumeClassSession,
  saveStudentDraft,
  sendStudentMessage,
  watchStudentSession,
} from '@client/api/student';
import type { StudentEvent, StudentInput } from '@machines/classStudent/contract';
import { classStudentMachine } from '@machines/classStudent/machine';
import { STUDENT_EVENTS } from '@shared/schemas/class-sessions';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { fromCallback, fromPromise } from 'xstate';

/** The student's flow (machines/classStudent), wired once to the student API and the clock. */
export const StudentActor = createActorContext(classStudentMachine);

const viewNow = <T,>(promise: Promise<T>) => promise.then((value) => ({ value, receivedAt: Date.now() }));

export function StudentActors({ input, children }: { input: StudentInput; children: ReactNode }) {
  const [logic] = useState(() =>
    classStudentMachine.provide({
      actors: {
        loadMe: fromPromise(async ({ signal }) => {
          const { value, receivedAt } = await viewNow(withFailure(getStudentView({ signal })));
          return { view: value, receivedAt };
        }),
        resume: fromPromise(async ({ input: { token }, signal }) => {
          const { value, receivedAt } = await viewNow(withFailure(resumeClassSession(token, { signal })));
          return { view: value, receivedAt };
        }),
        joinInfo: fromPromise(({ input: { code }, signal }) => withFailure(getJoinInfo(code, { signal }))),
        join: fromPromise(async ({ input: body, signal }) => {
          const { value, receivedAt } = await viewNow(withFailure(joinClassSession(body, { signal })));
          return { view: value.student, resumePath: value.resumePath, receivedAt };
        }),
        reply: fromPromise(async ({ input, signal }) => {
          const reply = await withFailure(sendStudentMessage(input.text, { signal, onDelta: input.onDelta }));
          return { text: reply.message, timestamp: reply.timestamp };
        }),
        saveDraft: fromPromise(({ input: { text }, signal }) =>
          withFailure(saveStudentDraft(text, { signal })),
        ),
        handIn: fromPromise(async ({ input: { text }, signal }) => {
          const { value, receivedAt } = await viewNow(withFailure(handInWork(text, { signal })));
          return { view: value, receivedAt };
        }),
        loadReport: fromPromise(({ signal }) => withFailure(getOwnReport({ signal }))),
        clock: fromCallback(({ sendBack }) => {
          const timer = setInterval(() => sendBack({ type: 'clock.tick', now: Date.now() }), 1000);
          return () => clearInterval(timer);
        }),
        sessionEvents: fromCallback<StudentEvent>(({ sendBack }) => {
          const controller = new AbortController();
          watchStudentSession(
            (event) => {
              const receivedAt = Date.now();
              if (event.event === STUDENT_EVENTS.closed)
                sendBack({ type: 'session.closed', view: event.data, receivedAt });
              else sendBack({ type: 'session.extended', ...event.data, receivedAt });
            },
            { signal: controller.signal },
          ).then(
            () => sendBack({ type: 'session.lost' }),
            (error: unknown) => {
              if (!controller.signal.aborted) sendBack({ type: 'session.lost', error: toFailure(error) });
            },
          );
          return () => controller.abort();
        }),
      },
    }),
  );
  const [options] = useState(() => ({ input }));
  return (
    <StudentActor.Provider logic={logic} options={options}>
      {children}
    </StudentActor.Provider>
  );
}
