import { fromPromise, sendParent, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { NameKey } from './wizard/parts';

/**
 * One check of one step 3 name against the exists endpoints, spawned by the design wizard
 * (machines/wizard/machine.ts) as the user types (after a pause) and again, at once, on Finish:
 *
 *   Waiting --debounce (or at once when delayMs is 0)--> Checking --answer--> Done
 *
 * It reports to the wizard with `name.checked` {exists} or `name.checkFailed`, naming the key and
 * the name it checked, so a late report about an older name is recognised. A newer check of the
 * same key replaces it (the wizard stops it: its request is aborted). The app provides `nameExists`
 * (GET /api/v1/{leias|personas|problems|behaviours}/exists/{name}).
 */

export const NAME_CHECK_DEBOUNCE_MS = 300;

export interface NameCheckInput {
  key: NameKey;
  /** Trimmed. */
  name: string;
  delayMs: number;
}

/** What a check tells the wizard. */
export type NameCheckReport =
  | { type: 'name.checked'; key: NameKey; name: string; exists: boolean }
  | { type: 'name.checkFailed'; key: NameKey; name: string };

export const nameCheckMachine = setup({
  types: { context: {} as NameCheckInput, input: {} as NameCheckInput },
  actors: {
    nameExists: fromPromise<boolean, { key: NameKey; name: string }>(async () =>
      notProvided('nameCheck', 'nameExists'),
    ),
  },
  actions: {
    reportChecked: sendParent(
      ({ context }, exists: boolean): NameCheckReport => ({
        type: 'name.checked',
        key: context.key,
        name: context.name,
        exists,
      }),
    ),
    reportFailed: sendParent(
      ({ context }): NameCheckReport => ({ type: 'name.checkFailed', key: context.key, name: context.name }),
    ),
  },
  delays: { debounce: ({ context }) => context.delayMs },
  guards: { atOnce: ({ context }) => context.delayMs <= 0 },
}).createMachine({
  id: 'nameCheck',
  context: ({ input }) => input,
  initial: 'Waiting',
  states: {
    Waiting: {
      always: { guard: 'atOnce', target: 'Checking' },
      after: { debounce: { target: 'Checking' } },
    },
    Checking: {
      tags: 'loading',
      invoke: {
        src: 'nameExists',
        input: ({ context }) => ({ key: context.key, name: context.name }),
        onDone: { target: 'Done', actions: { type: 'reportChecked', params: ({ event }) => event.output } },
        onError: { target: 'Done', actions: 'reportFailed' },
      },
    },
    Done: { type: 'final' },
  },
});
