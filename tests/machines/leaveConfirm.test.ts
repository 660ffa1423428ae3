import {
  confirmTexts,
  LEAVE_CONFIRM_TEXTS,
  type LeaveConfirmEvent,
  leaveConfirmMachine,
  type PendingStep,
} from '@machines/leaveConfirm';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

const start = () => {
  const accepted: PendingStep[] = [];
  const actor = createActor(
    leaveConfirmMachine.provide({ actions: { onAccepted: (_, pending) => void accepted.push(pending) } }),
  ).start();
  return { actor, accepted };
};

describe('leaveConfirm machine', () => {
  it('asks before leaving; Leave carries out the navigation it was asked for', () => {
    const { actor, accepted } = start();
    const pending: PendingStep = { kind: 'leave', to: '/profile', state: null };
    actor.send({ type: 'confirm.ask', pending });
    expect(confirmTexts(actor.getSnapshot())).toEqual(LEAVE_CONFIRM_TEXTS.leave);
    actor.send({ type: 'confirm.accept' });
    expect(accepted).toEqual([pending]);
    expect(confirmTexts(actor.getSnapshot())).toBeNull();
  });

  it('Stay (or Keep editing) does nothing', () => {
    const { actor, accepted } = start();
    actor.send({ type: 'confirm.ask', pending: { kind: 'discard' } });
    expect(confirmTexts(actor.getSnapshot())).toEqual(LEAVE_CONFIRM_TEXTS.discard);
    actor.send({ type: 'confirm.cancel' });
    expect(accepted).toEqual([]);
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  it('every state is reachable (xstate/graph)', () => {
    const events: LeaveConfirmEvent[] = [
      { type: 'confirm.ask', pending: { kind: 'discard' } },
      { type: 'confirm.accept' },
      { type: 'confirm.cancel' },
    ];
    const machine = leaveConfirmMachine.provide({ actions: { onAccepted: () => {} } });
    expect(
      getShortestPaths(machine, { events })
        .map((p) => p.state.value)
        .sort(),
    ).toEqual(['Asking', 'Idle']);
  });
});
