import { withFailure } from '@client/api/errors';
import {
  cancelJob,
  evaluateSession,
  evaluateTranscription,
  followJob,
  JobLostError,
  listLeakChecks,
  startDesignCheck,
  startLeakCheck,
} from '@client/api/evaluations';
import { evaluationMachine } from '@machines/evaluation';
import { leakCheckMachine } from '@machines/leakCheck/machine';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { fromPromise } from 'xstate';

/**
 * The evaluation features' actors, for any screen that offers them: the report of one conversation
 * (machines/evaluation.ts) and the leak check of a saved LEIA or an unsaved design (machines/leakCheck/machine.ts). A screen
 * wraps itself in the provider and renders the matching modal. Every IO actor rejects with a
 * Failure (withFailure).
 */

export const EvaluationActor = createActorContext(evaluationMachine);
export const LeakCheckActor = createActorContext(leakCheckMachine);

export function EvaluationActors({ children }: { children: ReactNode }) {
  const [logic] = useState(() =>
    evaluationMachine.provide({
      actors: {
        evaluate: fromPromise(({ input, signal }) =>
          withFailure(
            input.kind === 'session'
              ? evaluateSession(input.sessionId, undefined, { signal })
              : evaluateTranscription({ leia: input.leiaId, messages: input.messages }, { signal }),
          ),
        ),
      },
    }),
  );
  return <EvaluationActor.Provider logic={logic}>{children}</EvaluationActor.Provider>;
}

export function LeakCheckActors({ children }: { children: ReactNode }) {
  const [logic] = useState(() =>
    leakCheckMachine.provide({
      actors: {
        loadChecks: fromPromise(({ input, signal }) => withFailure(listLeakChecks(input.leiaId, { signal }))),
        startCheck: fromPromise(({ input: { target, params }, signal }) =>
          withFailure(
            target.kind === 'leia'
              ? startLeakCheck(target.id, params, { signal })
              : startDesignCheck({ ...target.design, ...params }, { signal }),
          ),
        ),
        followJob: fromPromise(({ input, signal }) =>
          withFailure(
            followJob(input.jobId, { signal, onProgress: input.onProgress }).catch((error: unknown) => {
              // Lost touch, no answer to show: the machine says so in its own words.
              throw error instanceof JobLostError ? {} : error;
            }),
          ),
        ),
        cancelJob: fromPromise(({ input, signal }) => withFailure(cancelJob(input.jobId, { signal }))),
      },
    }),
  );
  return <LeakCheckActor.Provider logic={logic}>{children}</LeakCheckActor.Provider>;
}
