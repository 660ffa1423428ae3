import type { ClassSessionSummary } from '@shared/schemas/class-sessions';
import { assign, fromPromise, setup } from 'xstate';
import type { Failure } from '../failure';
import { notProvided } from '../notProvided';
import type { ListContext, ListEvent } from './contract';

/**
 * The class sessions listed on an activity's card (open, closed, students, handed in):
 * Loading --> Ready | Failed; list.reload loads again (after a start, or Retry).
 */
export const classSessionListMachine = setup({
  types: { context: {} as ListContext, events: {} as ListEvent, input: {} as { experimentId: string } },
  actors: {
    load: fromPromise<ClassSessionSummary[], { experimentId: string }>(async () =>
      notProvided('classSessionList', 'load'),
    ),
  },
}).createMachine({
  id: 'classSessionList',
  context: ({ input }) => ({ experimentId: input.experimentId, sessions: [], error: null }),
  initial: 'Loading',
  on: { 'list.reload': '.Loading' },
  states: {
    Loading: {
      tags: 'loading',
      invoke: {
        src: 'load',
        input: ({ context }) => ({ experimentId: context.experimentId }),
        onDone: { target: 'Ready', actions: assign({ sessions: ({ event }) => event.output, error: null }) },
        onError: { target: 'Failed', actions: assign({ error: ({ event }) => event.error as Failure }) },
      },
    },
    Ready: {},
    Failed: {},
  },
});
