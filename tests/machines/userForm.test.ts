import {
  isUserFormLocked,
  isUserFormOpen,
  isUserFormSubmitting,
  type SaveUserInput,
  USER_FORM_MESSAGES,
  type UserFormEvent,
  type UserFormSnapshot,
  userFormMachine,
  userFormSuccessMessage,
} from '@machines/users/form';
import { validateUserForm } from '@shared/schemas/user-form';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';

const alice = { id: 'u-1', email: 'alice@example.com', role: 'admin' };

/** A deferred save so each test decides when and how the call settles. */
const deferredSave = () => {
  const calls: SaveUserInput[] = [];
  let settle: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | undefined;
  const actor = fromPromise<unknown, SaveUserInput>(({ input }) => {
    calls.push(input);
    return new Promise((resolve, reject) => {
      settle = { resolve, reject };
    });
  });
  return {
    actor,
    calls,
    resolve: async (saved: unknown = {}) => {
      settle?.resolve(saved);
      await flush();
    },
    reject: async (error: unknown) => {
      settle?.reject(error);
      await flush();
    },
  };
};

const flush = () => new Promise<void>((resolve) => queueMicrotask(() => setTimeout(resolve, 0)));

const start = () => {
  const save = deferredSave();
  const onDone = vi.fn();
  const actor = createActor(
    userFormMachine.provide({ actors: { saveUser: save.actor }, actions: { onDone } }),
  ).start();
  const send = (event: UserFormEvent) => actor.send(event);
  const fill = (values: Partial<Record<'email' | 'role' | 'password' | 'confirmPassword', string>>) => {
    for (const [field, value] of Object.entries(values)) {
      send({ type: 'form.change', field: field as 'email', value: value as string });
    }
  };
  return { actor, send, fill, save, onDone };
};

describe('userForm machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts closed', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('Closed');
    expect(isUserFormOpen(actor.getSnapshot())).toBe(false);
  });

  it('opens in create mode with blank fields and the default role instructor', () => {
    const { actor, send } = start();
    send({ type: 'form.open' });
    const snap = actor.getSnapshot();
    expect(snap.value).toEqual({ Open: 'Editing' });
    expect(snap.context.mode).toBe('create');
    expect(snap.context.values).toEqual({ email: '', role: 'instructor', password: '', confirmPassword: '' });
    expect(isUserFormOpen(snap)).toBe(true);
    expect(isUserFormLocked(snap)).toBe(false);
  });

  it('opens in edit mode prefilled from the user, passwords blank', () => {
    const { actor, send } = start();
    send({ type: 'form.open', user: alice });
    const { context } = actor.getSnapshot();
    expect(context.mode).toBe('edit');
    expect(context.user).toEqual(alice);
    expect(context.values).toEqual({ email: alice.email, role: 'admin', password: '', confirmPassword: '' });
  });

  it('ignores editing events while closed', () => {
    const { actor, send } = start();
    send({ type: 'form.change', field: 'email', value: 'x' });
    send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('Closed');
    expect(actor.getSnapshot().context.values.email).toBe('');
  });

  it('shows every validation message on an empty create submit and stays editing', () => {
    const { actor, send, save } = start();
    send({ type: 'form.open' });
    send({ type: 'form.submit' });
    const snap = actor.getSnapshot();
    expect(snap.value).toEqual({ Open: 'Editing' });
    expect(snap.context.errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(save.calls).toHaveLength(0);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(65)}@example.com` }, 'email', 'Please enter a valid email address'],
    [{ email: `a@${'b'.repeat(250)}.com` }, 'email', 'Please enter a valid email address'],
    [{ password: 'abc', confirmPassword: 'abc' }, 'password', 'Password must be at least 6 characters'],
    [{ password: 'abcdef', confirmPassword: '' }, 'confirmPassword', 'Please confirm your password'],
    [{ password: 'abcdef', confirmPassword: 'abcdeg' }, 'confirmPassword', 'Passwords do not match'],
    [{ role: 'owner' }, 'role', 'Please choose a role'],
  ])('rejects %o with the %s message', (values, field, message) => {
    const { actor, send, fill } = start();
    send({ type: 'form.open' });
    fill({ email: 'bob@example.com', password: 'secret1', confirmPassword: 'secret1', ...values });
    send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ [field]: message });
    expect(actor.getSnapshot().value).toEqual({ Open: 'Editing' });
  });

  it('clears only the edited field’s message', () => {
    const { actor, send, fill } = start();
    send({ type: 'form.open' });
    send({ type: 'form.submit' });
    fill({ email: 'b' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'Password is required' });
    expect(actor.getSnapshot().context.values.email).toBe('b');
  });

  it('creates: trims the email, shows a spinner state, then the green message for 1.5 s, then closes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { actor, send, fill, save, onDone } = start();
    send({ type: 'form.open' });
    fill({ email: '  bob@example.com ', role: 'advanced', password: 'secret1', confirmPassword: 'secret1' });
    send({ type: 'form.submit' });

    let snap = actor.getSnapshot();
    expect(snap.value).toEqual({ Open: 'Submitting' });
    expect(isUserFormSubmitting(snap)).toBe(true);
    expect(isUserFormLocked(snap)).toBe(true);
    expect(save.calls).toEqual([
      { mode: 'create', payload: { email: 'bob@example.com', role: 'advanced', password: 'secret1' } },
    ]);

    save.resolve({ id: 'new-user-id', email: 'bob@example.com' });
    await vi.advanceTimersByTimeAsync(0);
    snap = actor.getSnapshot();
    expect(snap.value).toEqual({ Open: 'Succeeded' });
    expect(userFormSuccessMessage(snap)).toBe(USER_FORM_MESSAGES.created);
    expect(isUserFormSubmitting(snap)).toBe(false);

    await vi.advanceTimersByTimeAsync(1499);
    expect(actor.getSnapshot().value).toEqual({ Open: 'Succeeded' });
    expect(onDone).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('Closed');
    expect(onDone).toHaveBeenCalledTimes(1);
    // The list puts the focus on the new user's row.
    expect(onDone).toHaveBeenCalledWith(expect.anything(), { savedId: 'new-user-id' });
    expect(userFormSuccessMessage(actor.getSnapshot())).toBeNull();
  });

  it('updates without a password when it is left blank (unchanged) and clears the selection after', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { actor, send, fill, save, onDone } = start();
    send({ type: 'form.open', user: alice });
    fill({ email: 'alice2@example.com', role: 'instructor' });
    send({ type: 'form.submit' });
    expect(save.calls).toEqual([
      { mode: 'edit', id: 'u-1', payload: { email: 'alice2@example.com', role: 'instructor' } },
    ]);
    save.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(userFormSuccessMessage(actor.getSnapshot())).toBe(USER_FORM_MESSAGES.updated);
    await vi.advanceTimersByTimeAsync(1500);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('updates the password when one is typed on edit', () => {
    const { send, fill, save } = start();
    send({ type: 'form.open', user: alice });
    fill({ password: 'newpass', confirmPassword: 'newpass' });
    send({ type: 'form.submit' });
    expect(save.calls[0]).toEqual({
      mode: 'edit',
      id: 'u-1',
      payload: { email: alice.email, role: 'admin', password: 'newpass' },
    });
  });

  it('on failure shows the default red message for the mode and stays open', async () => {
    const { actor, send, fill, save } = start();
    send({ type: 'form.open' });
    fill({ email: 'bob@example.com', password: 'secret1', confirmPassword: 'secret1' });
    send({ type: 'form.submit' });
    await save.reject({ status: 500 });
    const snap = actor.getSnapshot();
    expect(snap.value).toEqual({ Open: 'Editing' });
    expect(snap.context.submitError).toBe('An error occurred while creating the user');

    send({ type: 'form.open', user: alice });
    send({ type: 'form.submit' });
    await save.reject({}); // a Failure without a response: no status, no message
    expect(actor.getSnapshot().context.submitError).toBe('An error occurred while updating the user');
  });

  it('shows the server message, or the validation texts joined with commas (spec section 8)', async () => {
    const { actor, send, save } = start();
    send({ type: 'form.open', user: alice });
    send({ type: 'form.submit' });
    await save.reject({ status: 409, message: 'A user with this email already exists' });
    expect(actor.getSnapshot().context.submitError).toBe('A user with this email already exists');

    send({ type: 'form.submit' });
    await save.reject({
      status: 400,
      message: 'Invalid input',
      validationErrors: { email: 'Please enter a valid email address', password: 'Password is required' },
    });
    expect(actor.getSnapshot().context.submitError).toBe(
      'Please enter a valid email address, Password is required',
    );
  });

  it('clears the red message on the next submit', async () => {
    const { actor, send, save } = start();
    send({ type: 'form.open', user: alice });
    send({ type: 'form.submit' });
    await save.reject(new Error('x'));
    send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.submitError).toBeNull();
    expect(actor.getSnapshot().value).toEqual({ Open: 'Submitting' });
  });

  it('ignores edits, resubmits and cancel while submitting', () => {
    const { actor, send, save } = start();
    send({ type: 'form.open', user: alice });
    send({ type: 'form.submit' });
    send({ type: 'form.change', field: 'email', value: 'z@example.com' });
    send({ type: 'form.submit' });
    send({ type: 'form.cancel' });
    send({ type: 'form.reset' });
    expect(actor.getSnapshot().value).toEqual({ Open: 'Submitting' });
    expect(actor.getSnapshot().context.values.email).toBe(alice.email);
    expect(save.calls).toHaveLength(1);
  });

  it('toggles each password field’s visibility', () => {
    const { actor, send } = start();
    send({ type: 'form.open' });
    send({ type: 'form.toggleVisibility', field: 'password' });
    expect(actor.getSnapshot().context.visible).toEqual({ password: true, confirmPassword: false });
    send({ type: 'form.toggleVisibility', field: 'confirmPassword' });
    send({ type: 'form.toggleVisibility', field: 'password' });
    expect(actor.getSnapshot().context.visible).toEqual({ password: false, confirmPassword: true });
  });

  it('reset restores the prefilled values and clears errors, the red message and visibility', async () => {
    const { actor, send, fill, save } = start();
    send({ type: 'form.open', user: alice });
    fill({ email: 'bad', password: 'x' });
    send({ type: 'form.toggleVisibility', field: 'password' });
    send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors.email).toBeDefined();
    fill({ email: 'ok@example.com', password: '', role: 'advanced' });
    send({ type: 'form.submit' });
    await save.reject(new Error('x'));

    send({ type: 'form.reset' });
    const { context } = actor.getSnapshot();
    expect(context.values).toEqual({ email: alice.email, role: 'admin', password: '', confirmPassword: '' });
    expect(context.errors).toEqual({});
    expect(context.submitError).toBeNull();
    expect(context.visible).toEqual({ password: false, confirmPassword: false });
  });

  it('reset in create mode goes back to the blank form with role instructor', () => {
    const { actor, send, fill } = start();
    send({ type: 'form.open' });
    fill({ email: 'x@example.com', role: 'admin' });
    send({ type: 'form.reset' });
    expect(actor.getSnapshot().context.values).toEqual({
      email: '',
      role: 'instructor',
      password: '',
      confirmPassword: '',
    });
  });

  it('cancel closes without saving or reloading and forgets the user', () => {
    const { actor, send, onDone, save } = start();
    send({ type: 'form.open', user: alice });
    send({ type: 'form.cancel' });
    expect(actor.getSnapshot().value).toBe('Closed');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
    expect(save.calls).toHaveLength(0);
  });

  it('closing during the success message closes at once and still reloads', async () => {
    const { actor, send, save, onDone } = start();
    send({ type: 'form.open', user: alice });
    send({ type: 'form.submit' });
    await save.resolve();
    send({ type: 'form.cancel' });
    expect(actor.getSnapshot().value).toBe('Closed');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('opening another user while editing starts over on that user', () => {
    const { actor, send, fill } = start();
    send({ type: 'form.open' });
    fill({ email: 'draft@example.com' });
    send({ type: 'form.submit' });
    send({ type: 'form.open', user: alice });
    const { context } = actor.getSnapshot();
    expect(context.mode).toBe('edit');
    expect(context.values.email).toBe(alice.email);
    expect(context.errors).toEqual({});
  });

  it('reopening after a close starts from a fresh form', () => {
    const { actor, send, fill } = start();
    send({ type: 'form.open' });
    fill({ email: 'draft@example.com' });
    send({ type: 'form.cancel' });
    send({ type: 'form.open' });
    expect(actor.getSnapshot().context.values.email).toBe('');
  });

  it('uses the stub saveUser when none is provided, which fails into the red message', async () => {
    const actor = createActor(userFormMachine).start();
    actor.send({ type: 'form.open', user: alice });
    actor.send({ type: 'form.submit' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ Open: 'Editing' });
    expect(actor.getSnapshot().context.submitError).toEqual(expect.any(String));
  });
});

describe('userForm machine paths (xstate/graph)', () => {
  // Graph traversal is pure (no actors run, no timers), so the invoke outcomes and the delay are
  // fed in as the events XState itself would deliver.
  const done = { type: 'xstate.done.actor.saveUser', output: {} } as unknown as UserFormEvent;
  const failed = { type: 'xstate.error.actor.saveUser', error: new Error('x') } as unknown as UserFormEvent;
  const elapsed = { type: 'xstate.after.successDelay.userForm.Open.Succeeded' } as unknown as UserFormEvent;
  const events: UserFormEvent[] = [
    { type: 'form.open' },
    { type: 'form.open', user: alice },
    { type: 'form.change', field: 'email', value: 'bob@example.com' },
    { type: 'form.change', field: 'password', value: 'secret1' },
    { type: 'form.change', field: 'confirmPassword', value: 'secret1' },
    { type: 'form.submit' },
    { type: 'form.reset' },
    { type: 'form.cancel' },
    done,
    failed,
    elapsed,
  ];
  const stateOf = (s: { value: unknown }) => JSON.stringify(s.value);
  // A vertex is the state plus what the flow depends on; the form values are part of it, or typing
  // would look like a no-op and the graph would never learn that a filled form can be submitted.
  const serializeState = (s: UserFormSnapshot) =>
    JSON.stringify([s.value, s.context.mode, s.context.values, s.context.submitError !== null]);

  it('reaches every state, in both modes', () => {
    const paths = getShortestPaths(userFormMachine, { events, serializeState });
    const reached = new Set(paths.map((p) => `${stateOf(p.state)} ${p.state.context.mode}`));
    for (const mode of ['create', 'edit']) {
      for (const state of ['{"Open":"Editing"}', '{"Open":"Submitting"}', '{"Open":"Succeeded"}']) {
        expect(reached).toContain(`${state} ${mode}`);
      }
    }
    expect(reached).toContain('"Closed" create');
  });

  it('the live actor follows every simple path through submit, save outcomes, timer and cancel', () => {
    // Simple paths explode with typing in the event set, so this traversal starts from a filled,
    // valid create form and uses only the events that move between states (typing and Reset
    // have their own tests above). Values then change only by opening, so `valid` captures them.
    const filled = createActor(userFormMachine).start();
    filled.send({ type: 'form.open' });
    for (const [field, value] of [
      ['email', 'bob@example.com'],
      ['password', 'secret1'],
      ['confirmPassword', 'secret1'],
    ] as const) {
      filled.send({ type: 'form.change', field, value });
    }
    const moves = events.filter((e) => e.type !== 'form.change' && e.type !== 'form.reset');
    const paths = getSimplePaths(userFormMachine, {
      events: moves,
      fromState: filled.getSnapshot(),
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.mode,
          validateUserForm(s.context.values, s.context.mode).ok,
          s.context.submitError !== null,
        ]),
    });
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const onDone = vi.fn();
      const actor = createActor(
        userFormMachine.provide({
          actions: { onDone },
          actors: { saveUser: fromPromise(() => new Promise(() => {})) },
        }),
        { snapshot: filled.getPersistedSnapshot() },
      ).start();
      let closesAfterSave = 0;
      let previous = actor.getSnapshot();
      for (const step of path.steps) {
        actor.send(step.event);
        const next = actor.getSnapshot();
        expect(stateOf(next)).toBe(stateOf(step.state));
        if (previous.matches({ Open: 'Succeeded' }) && next.matches('Closed')) closesAfterSave += 1;
        previous = next;
      }
      expect(onDone).toHaveBeenCalledTimes(closesAfterSave);
      actor.stop();
    }
  });

  it('the live actor agrees with every shortest path', () => {
    for (const path of getShortestPaths(userFormMachine, { events, serializeState })) {
      const actor = createActor(
        userFormMachine.provide({ actors: { saveUser: fromPromise(() => new Promise(() => {})) } }),
        { input: {} },
      ).start();
      for (const step of path.steps) actor.send(step.event);
      expect(stateOf(actor.getSnapshot())).toBe(stateOf(path.state));
      expect(actor.getSnapshot().context.values).toEqual(path.state.context.values);
      actor.stop();
    }
  });
});
