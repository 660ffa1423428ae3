import { assign, type SnapshotFrom, setup } from 'xstate';
import { notProvided } from './notProvided';

/**
 * Asking before work in progress is put aside (the design wizard): leaving /create with unsaved
 * edits, or discarding the design.
 *
 *   Idle --confirm.ask {pending}--> Asking --confirm.accept--> Idle (onAccepted with the pending step)
 *   Asking --confirm.cancel--> Idle (nothing happens)
 *
 * A pending step is data (where to go, or 'discard'); the app's `onAccepted` carries it out.
 */
export type PendingStep =
  | { kind: 'leave'; to: string; state?: unknown; replace?: boolean }
  | { kind: 'discard' };

export const LEAVE_CONFIRM_TEXTS = {
  leave: {
    title: 'Leave this design?',
    message:
      'It has unsaved edits. They are kept in this tab and come back when you return to Design a new LEIA.',
    accept: 'Leave',
    cancel: 'Stay',
  },
  discard: {
    title: 'Discard this design?',
    message: 'Its choices, edits and names will be lost.',
    accept: 'Discard',
    cancel: 'Keep editing',
  },
} as const;

export type LeaveConfirmEvent =
  | { type: 'confirm.ask'; pending: PendingStep }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' };

export const leaveConfirmMachine = setup({
  types: { context: {} as { pending: PendingStep | null }, events: {} as LeaveConfirmEvent },
  actions: {
    onAccepted: (_, _pending: PendingStep) => notProvided('leaveConfirm', 'onAccepted'),
  },
}).createMachine({
  id: 'leaveConfirm',
  context: { pending: null },
  initial: 'Idle',
  states: {
    Idle: {
      entry: assign({ pending: null }),
      on: { 'confirm.ask': { target: 'Asking', actions: assign({ pending: ({ event }) => event.pending }) } },
    },
    Asking: {
      on: {
        'confirm.accept': {
          target: 'Idle',
          actions: { type: 'onAccepted', params: ({ context }) => context.pending! },
        },
        'confirm.cancel': { target: 'Idle' },
      },
    },
  },
});

export type LeaveConfirmSnapshot = SnapshotFrom<typeof leaveConfirmMachine>;

/** The dialog's texts while asking, else null. */
export const confirmTexts = (s: LeaveConfirmSnapshot) =>
  s.matches('Asking') && s.context.pending ? LEAVE_CONFIRM_TEXTS[s.context.pending.kind] : null;
