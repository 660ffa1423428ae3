import { availability } from '@machines/action';
import { startSessionMachine } from '@machines/startSession';
import { tryStart } from '@machines/wizard/actions';
import { TRY_SESSION_KEY, WIZARD_COMMAND_REASONS } from '@machines/wizard/contract';
import { createActor, fromPromise } from 'xstate';

/** Try waits while its session starts: the session machine refuses to start what is starting. */

const sessions = () => {
  const actor = createActor(
    startSessionMachine.provide({
      actors: {
        initialize: fromPromise(() => new Promise<{ sessionId?: string }>(() => {})),
      },
      actions: { openChat: () => {}, notify: () => {} },
    }),
    { input: {} },
  ).start();
  return { actor };
};

describe("the wizard's Try session start", () => {
  it('is taken when nothing starts, refused with Starting... while the wizard’s starts, changing nothing', () => {
    const { actor } = sessions();
    expect(actor.getSnapshot().can(tryStart.event())).toBe(true);
    expect(availability(actor.getSnapshot(), tryStart, undefined)).toEqual({ applies: true, can: true });

    actor.send({ type: 'session.start', request: { key: TRY_SESSION_KEY, body: { leia: 'l-1' } } });
    expect(actor.getSnapshot().context.starting?.body).toEqual({ leia: 'l-1' });
    expect(availability(actor.getSnapshot(), tryStart, undefined)).toEqual({
      applies: true,
      can: false,
      reason: WIZARD_COMMAND_REASONS.starting,
    });
    const before = actor.getSnapshot();
    actor.send(tryStart.event());
    expect(actor.getSnapshot()).toBe(before);
  });

  it('is taken while another item starts (only the one starting waits)', () => {
    const { actor } = sessions();
    actor.send({ type: 'session.start', request: { key: 'leia-7', body: { leia: 'leia-7' } } });
    expect(actor.getSnapshot().can(tryStart.event())).toBe(true);
  });
});
