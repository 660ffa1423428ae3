import { USER_ROLE_TEXTS, userRoleMachine } from '@machines/users/role';
import { createActor, fromPromise } from 'xstate';

const user = { id: 'u-1', email: 'ada@example.com' };

const start = (save: () => Promise<unknown>) => {
  const calls = { saved: [] as unknown[], success: [] as string[], failure: [] as string[], changed: 0 };
  const actor = createActor(
    userRoleMachine.provide({
      actors: {
        saveRole: fromPromise(async ({ input }) => {
          calls.saved.push(input);
          return save();
        }),
      },
      actions: {
        notify: (_, { tone, message }) => {
          calls[tone === 'success' ? 'success' : 'failure'].push(message);
        },
        onChanged: () => {
          calls.changed += 1;
        },
      },
    }),
  ).start();
  return { actor, calls };
};

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('userRole machine', () => {
  it('Idle --role.change--> Saving (loading tag) --done--> Idle: success toast, then the list reloads', async () => {
    const { actor, calls } = start(async () => ({}));
    actor.send({ type: 'role.change', user, role: 'advanced' });
    expect(actor.getSnapshot().value).toBe('Saving');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(calls.saved).toEqual([{ user, role: 'advanced' }]);
    await flush();
    expect(actor.getSnapshot().value).toBe('Idle');
    expect(actor.getSnapshot().context.change).toBeNull();
    expect(calls.success).toEqual(['ada@example.com is now Advanced']);
    expect(calls.changed).toBe(1);
  });

  it('ignores another change while saving', () => {
    const { actor, calls } = start(() => new Promise(() => {}));
    actor.send({ type: 'role.change', user, role: 'advanced' });
    actor.send({ type: 'role.change', user, role: 'admin' });
    expect(calls.saved).toHaveLength(1);
  });

  it.each([
    [
      { status: 400, message: 'Cannot change the role of the last administrator' },
      'Cannot change the role of the last administrator',
    ],
    [{ status: 400, message: 'Invalid input', validationErrors: { role: 'Bad role' } }, 'Bad role'],
    [{ status: 500 }, USER_ROLE_TEXTS.failed],
  ])('a failure %j: the toast %s, no reload', async (failure, message) => {
    const { actor, calls } = start(async () => {
      throw failure;
    });
    actor.send({ type: 'role.change', user, role: 'instructor' });
    await flush();
    expect(actor.getSnapshot().value).toBe('Idle');
    expect(calls.failure).toEqual([message]);
    expect(calls.changed).toBe(0);
  });
});
