import { nameCheckMachine } from '@machines/nameCheck';
import type { CreateLeiaInput, CreatePartInput, TryRequest, WizardInput } from '@machines/wizard/contract';
import { wizardMachine } from '@machines/wizard/machine';
import type { WizardPart } from '@machines/wizard/parts';
import { createActor, fromPromise } from 'xstate';

/** Parts and a live wizard with recording fakes, for the wizard's machine tests. */

const owner = { id: 'u-admin', email: 'admin@leia.local', role: 'admin' as const };

export const part = (
  id: string,
  name: string,
  spec: Record<string, unknown>,
  isPublished = true,
): WizardPart => ({
  id,
  apiVersion: 'v1',
  metadata: { name, version: '1.0.0' },
  spec,
  user: owner,
  isPublished,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

export const ada = part('p-ada', 'Ada', { fullName: 'Ada Lovelace', firstName: 'Ada' });
export const grace = part('p-grace', 'Grace', { fullName: 'Grace Hopper', firstName: 'Grace' }, false);
export const library = part('q-library', 'Library', {
  description: 'A library for {{persona.firstName}}',
  process: ['requirements-elicitation'],
});
/** Constrained to game behaviours: with `interviewee` it cannot be generated. */
export const guessing = part('q-guess', 'Guessing', {
  description: 'A guessing game',
  process: ['game'],
  constrainedTo: { 'behaviour.spec.process': ['game'] },
});
export const interviewee = part('b-int', 'Interviewee', {
  description: 'You are {{persona.fullName}}. {{problem.description}}',
  role: 'Client',
  process: ['requirements-elicitation'],
});
/** What an instructor receives of the same behaviour (src/shared/behaviour-view.ts). */
export const hiddenInterviewee: WizardPart = {
  ...interviewee,
  spec: { role: 'Client', process: ['requirements-elicitation'] },
};

export const admin = { seesBehaviour: true, publishes: true };
export const advanced = { seesBehaviour: true, publishes: false };
export const instructor = { seesBehaviour: false, publishes: false };

export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Outcome<T> = T | Error;

/**
 * A started wizard whose IO records its calls. `exists` answers the name checks (a name -> true,
 * or an Error to fail); `created` and `leias` give the next create outcomes in order.
 */
export function startWizard(
  input: WizardInput,
  options: {
    exists?: Record<string, boolean | Error>;
    created?: Outcome<{ id: string }>[];
    leias?: Outcome<{ id: string }>[];
  } = {},
) {
  const calls = {
    exists: [] as string[],
    createResource: [] as CreatePartInput[],
    createLeia: [] as CreateLeiaInput[],
    tries: [] as TryRequest[],
    finished: [] as { id: string; name: string }[],
  };
  const next = <T>(queue: Outcome<T>[] | undefined, fallback: T) => {
    const outcome = queue?.shift() ?? fallback;
    return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
  };
  const actor = createActor(
    wizardMachine.provide({
      actors: {
        nameCheck: nameCheckMachine.provide({
          actors: {
            nameExists: fromPromise(async ({ input: check }) => {
              calls.exists.push(`${check.key}:${check.name}`);
              const answer = options.exists?.[check.name] ?? false;
              if (answer instanceof Error) throw answer;
              return answer;
            }),
          },
        }),
        createResource: fromPromise(({ input: body }) => {
          calls.createResource.push(body);
          return next(options.created, { id: `new-${body.kind}-${calls.createResource.length}` });
        }),
        createLeia: fromPromise(({ input: body }) => {
          calls.createLeia.push(body);
          return next(options.leias, { id: 'leia-1' });
        }),
      },
      actions: {
        startTry: (_, request) => void calls.tries.push(request),
        finished: (_, params) => void calls.finished.push(params),
      },
    }),
    { input },
  ).start();
  return { actor, calls, send: actor.send.bind(actor), snap: () => actor.getSnapshot() };
}

/** Chooses the three parts in step 1 (they need not be valid together). */
export const choose = (
  send: (event: Parameters<ReturnType<typeof startWizard>['send']>[0]) => void,
  parts: { persona?: WizardPart; problem?: WizardPart; behaviour?: WizardPart } = {},
) => {
  send({ type: 'part.select', kind: 'persona', part: parts.persona ?? ada });
  send({ type: 'part.select', kind: 'problem', part: parts.problem ?? library });
  send({ type: 'part.select', kind: 'behaviour', part: parts.behaviour ?? interviewee });
};
