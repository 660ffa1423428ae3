import {
  canConfirm,
  confirmMismatch,
  createDeleteDialogMachine,
  type DeleteDialogEvent,
  type DeleteDialogInput,
  type DeleteDialogSnapshot,
  deleteErrorDescriber,
  dependentsOf,
  hasDeleted,
  isDeleteDialogOpen,
  isDeleting,
  mismatchMessage,
} from '@machines/deleteDialog';
import { RESOURCE_DELETE_TEXTS } from '@shared/messages/deletion';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';

interface Leia {
  id: string;
  name: string;
  version: string;
}

const leia: Leia = { id: 'l-1', name: 'Bank interview', version: '1.2.0' };
const other: Leia = { id: 'l-2', name: 'Zoo', version: '1.0.0' };

const machine = createDeleteDialogMachine<Leia>();

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const start = (input: DeleteDialogInput = {}) => {
  const calls: { target: Leia }[] = [];
  let settle: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | undefined;
  const deleteItem = fromPromise<unknown, { target: Leia }>(({ input: callInput }) => {
    calls.push(callInput);
    return new Promise((resolve, reject) => {
      settle = { resolve, reject };
    });
  });
  const onDeleted = vi.fn();
  const actor = createActor(machine.provide({ actors: { deleteItem }, actions: { onDeleted } }), {
    input,
  }).start();
  const send = (event: DeleteDialogEvent<Leia>) => actor.send(event);
  return {
    actor,
    send,
    calls,
    onDeleted,
    snap: () => actor.getSnapshot(),
    resolve: () => settle?.resolve(undefined),
    reject: (error: unknown) => settle?.reject(error),
    openOn: (target: Leia = leia) => send({ type: 'dialog.open', target, expected: target.name }),
  };
};

describe('deleteDialog machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts closed with nothing typed', () => {
    const { snap } = start();
    expect(snap().value).toBe('Closed');
    expect(isDeleteDialogOpen(snap())).toBe(false);
    expect(canConfirm(snap())).toBe(false);
  });

  it('opens on a target with the expected text, keeping the target’s own type', () => {
    const { snap, openOn } = start();
    openOn();
    expect(snap().value).toEqual({ Open: 'Editing' });
    expect(snap().context.target?.version).toBe('1.2.0');
    expect(snap().context.expected).toBe('Bank interview');
    expect(snap().context.typed).toBe('');
  });

  it('enables confirm only on an exact match and shows the mismatch message otherwise', () => {
    const { snap, send, openOn } = start();
    openOn();
    expect(confirmMismatch(snap())).toBeNull(); // nothing typed yet: no complaint
    for (const value of ['Bank', 'bank interview', 'Bank interview ', ' Bank interview']) {
      send({ type: 'dialog.type', value });
      expect(canConfirm(snap())).toBe(false);
      expect(confirmMismatch(snap())).toBe('Name doesn\'t match. Type "Bank interview" exactly.');
    }
    send({ type: 'dialog.type', value: 'Bank interview' });
    expect(canConfirm(snap())).toBe(true);
    expect(confirmMismatch(snap())).toBeNull();
  });

  it('uses the subject in the mismatch message (users type their email)', () => {
    const { snap, send } = start({ subject: 'Email' });
    send({ type: 'dialog.open', target: leia, expected: 'a@b.co' });
    send({ type: 'dialog.type', value: 'a@b' });
    expect(confirmMismatch(snap())).toBe('Email doesn\'t match. Type "a@b.co" exactly.');
    expect(mismatchMessage('x')).toBe('Name doesn\'t match. Type "x" exactly.');
  });

  it('ignores confirm while the text does not match', () => {
    const { snap, send, openOn, calls } = start();
    openOn();
    send({ type: 'dialog.type', value: 'Bank' });
    send({ type: 'dialog.confirm' });
    expect(snap().value).toEqual({ Open: 'Editing' });
    expect(calls).toHaveLength(0);
  });

  it('never matches an empty expectation', () => {
    const { snap, send } = start();
    send({ type: 'dialog.open', target: leia, expected: '' });
    send({ type: 'dialog.confirm' });
    expect(canConfirm(snap())).toBe(false);
    expect(snap().value).toEqual({ Open: 'Editing' });
  });

  it('reset clears the typed text and the error', async () => {
    const { snap, send, openOn, reject } = start();
    openOn();
    send({ type: 'dialog.type', value: 'Bank interview' });
    send({ type: 'dialog.confirm' });
    reject({ status: 500 });
    await flush();
    expect(snap().context.error).not.toBeNull();
    send({ type: 'dialog.reset' });
    expect(snap().context.typed).toBe('');
    expect(snap().context.error).toBeNull();
    expect(snap().value).toEqual({ Open: 'Editing' });
  });

  it('cancel closes and forgets the target without deleting', () => {
    const { snap, send, openOn, calls, onDeleted } = start();
    openOn();
    send({ type: 'dialog.type', value: 'Bank' });
    send({ type: 'dialog.cancel' });
    expect(snap().value).toBe('Closed');
    expect(snap().context).toMatchObject({ target: null, expected: '', typed: '', error: null });
    expect(calls).toHaveLength(0);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('opening resets the fields, also when opened again on another item', () => {
    const { snap, send, openOn } = start();
    openOn();
    send({ type: 'dialog.type', value: 'Bank' });
    openOn(other);
    expect(snap().context).toMatchObject({ target: other, expected: 'Zoo', typed: '' });
    send({ type: 'dialog.cancel' });
    openOn();
    expect(snap().context.typed).toBe('');
  });

  it('deletes: the loading state ignores every event, then closes at once and runs onDeleted', async () => {
    const { snap, send, openOn, calls, resolve, onDeleted } = start();
    openOn();
    send({ type: 'dialog.type', value: 'Bank interview' });
    send({ type: 'dialog.confirm' });
    expect(snap().value).toEqual({ Open: 'Deleting' });
    expect(isDeleting(snap())).toBe(true);
    expect(canConfirm(snap())).toBe(false);
    expect(calls).toEqual([{ target: leia }]);

    for (const event of [
      { type: 'dialog.type', value: 'x' },
      { type: 'dialog.reset' },
      { type: 'dialog.cancel' },
      { type: 'dialog.confirm' },
      { type: 'dialog.open', target: other, expected: 'Zoo' },
    ] as const) {
      send(event);
    }
    expect(snap().value).toEqual({ Open: 'Deleting' });
    expect(snap().context.typed).toBe('Bank interview');
    expect(calls).toHaveLength(1);

    resolve();
    await flush();
    expect(snap().value).toBe('Closed');
    expect(onDeleted).toHaveBeenCalledTimes(1);
    expect(onDeleted.mock.calls[0]?.[1]).toEqual({ target: leia });
    expect(snap().context.target).toBeNull();
  });

  it('with a success delay shows Succeeded for that long, then closes and runs onDeleted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { snap, send, openOn, resolve, onDeleted } = start({ successDelayMs: 1500 });
    openOn();
    send({ type: 'dialog.type', value: 'Bank interview' });
    send({ type: 'dialog.confirm' });
    resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(snap().value).toEqual({ Open: 'Succeeded' });
    expect(hasDeleted(snap())).toBe(true);
    expect(canConfirm(snap())).toBe(false);
    expect(onDeleted).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1499);
    expect(snap().value).toEqual({ Open: 'Succeeded' });
    await vi.advanceTimersByTimeAsync(1);
    expect(snap().value).toBe('Closed');
    expect(onDeleted).toHaveBeenCalledTimes(1);
    expect(onDeleted.mock.calls[0]?.[1]).toEqual({ target: leia });
  });

  it('closing during the success message closes now and still runs onDeleted once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { snap, send, openOn, resolve, onDeleted } = start({ successDelayMs: 1500 });
    openOn();
    send({ type: 'dialog.type', value: 'Bank interview' });
    send({ type: 'dialog.confirm' });
    resolve();
    await vi.advanceTimersByTimeAsync(0);
    send({ type: 'dialog.cancel' });
    expect(snap().value).toBe('Closed');
    await vi.advanceTimersByTimeAsync(5000);
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('on failure goes back to editing with the described error, keeping the typed text', async () => {
    const describeError = vi.fn(() => ({ message: 'mapped' }));
    const { snap, send, openOn, reject, onDeleted } = start({ describeError });
    openOn();
    send({ type: 'dialog.type', value: 'Bank interview' });
    send({ type: 'dialog.confirm' });
    const failure = { status: 403 };
    reject(failure);
    await flush();
    expect(describeError).toHaveBeenCalledWith(failure);
    expect(snap().value).toEqual({ Open: 'Editing' });
    expect(snap().context.error).toEqual({ message: 'mapped' });
    expect(snap().context.typed).toBe('Bank interview');
    expect(canConfirm(snap())).toBe(true);
    expect(onDeleted).not.toHaveBeenCalled();
    // The focus fell from the disabled controls: to Cancel, where a refused user goes on.
    expect(snap().context.focus).toEqual({ field: 'cancel', ifLost: true });

    // Typing keeps the message (it explains why the last try failed); retrying clears it.
    send({ type: 'dialog.type', value: 'Bank interview' });
    expect(snap().context.error).toEqual({ message: 'mapped' });
    send({ type: 'dialog.confirm' });
    expect(snap().context.error).toBeNull();
  });

  it('without describeError shows the server message, else the generic default', async () => {
    const { snap, send, openOn, reject } = start();
    openOn();
    send({ type: 'dialog.type', value: 'Bank interview' });
    send({ type: 'dialog.confirm' });
    reject({ status: 500, message: 'Database unavailable' });
    await flush();
    expect(snap().context.error).toEqual({ message: 'Database unavailable' });
    send({ type: 'dialog.confirm' });
    reject({});
    await flush();
    expect(snap().context.error).toEqual({ message: 'An error occurred while deleting the resource' });
  });

  it('the untyped instance works with the stub actor, which fails into the error message', async () => {
    const actor = createActor(createDeleteDialogMachine(), { input: {} }).start();
    actor.send({ type: 'dialog.open', target: { id: 'x', name: 'n' }, expected: 'n' });
    actor.send({ type: 'dialog.type', value: 'n' });
    actor.send({ type: 'dialog.confirm' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ Open: 'Editing' });
    expect(actor.getSnapshot().context.error?.message).toEqual(expect.any(String));
  });
});

describe('deleteErrorDescriber (each dialog’s section 8 texts)', () => {
  const describeResource = deleteErrorDescriber({
    fallback: 'An error occurred while deleting the resource',
    forbidden: "You don't have permission to delete this resource",
    notFound: 'Resource not found',
    usedIn: RESOURCE_DELETE_TEXTS.usedIn,
  });
  const users = [
    { id: 'l-1', name: 'A' },
    { id: 'l-2', name: 'B' },
  ];

  it.each([
    [{ status: 403, message: 'Forbidden' }, { message: "You don't have permission to delete this resource" }],
    [{ status: 404 }, { message: 'Resource not found' }],
    [
      { status: 400, message: 'in use', data: users },
      { message: 'Cannot delete resource: it is being used in 2 LEIAs: A, B.', dependents: users },
    ],
    [{ status: 400, message: 'Bad id' }, { message: 'Bad id' }],
    [{ status: 409, message: 'Conflict here' }, { message: 'Conflict here' }],
    [{ status: 500 }, { message: 'An error occurred while deleting the resource' }],
    [{}, { message: 'An error occurred while deleting the resource' }],
    ['weird', { message: 'An error occurred while deleting the resource' }],
  ])('%o -> %o', (failure, expected) => {
    expect(describeResource(failure)).toEqual(expected);
  });

  it('without specific texts keeps the server message (the user dialog’s case)', () => {
    const describeUser = deleteErrorDescriber({ fallback: 'An error occurred while deleting the user' });
    expect(describeUser({ status: 400, message: 'You cannot delete your own account' })).toEqual({
      message: 'You cannot delete your own account',
    });
    expect(describeUser({ status: 403 })).toEqual({ message: 'An error occurred while deleting the user' });
    expect(describeUser({ status: 400, message: 'In use', data: users })).toEqual({
      message: 'In use',
      dependents: users,
    });
  });

  it('dependentsOf keeps only {id, name} items', () => {
    expect(dependentsOf({ data: [{ id: 'a', name: 'A' }, { id: 1 }, null, 'x'] })).toEqual([
      { id: 'a', name: 'A' },
    ]);
    expect(dependentsOf({ data: { id: 'a' } })).toEqual([]);
    expect(dependentsOf(null)).toEqual([]);
  });
});

describe('deleteDialog machine paths (xstate/graph)', () => {
  // Pure traversal: invoke outcomes and the delay are fed in as the events XState delivers.
  type Event = DeleteDialogEvent<Leia>;
  const done = { type: 'xstate.done.actor.deleteItem', output: undefined } as unknown as Event;
  const failed = { type: 'xstate.error.actor.deleteItem', error: { status: 500 } } as unknown as Event;
  const elapsed = { type: 'xstate.after.successDelay.deleteDialog.Open.Succeeded' } as unknown as Event;
  const events: Event[] = [
    { type: 'dialog.open', target: leia, expected: leia.name },
    { type: 'dialog.type', value: 'Bank' },
    { type: 'dialog.type', value: leia.name },
    { type: 'dialog.reset' },
    { type: 'dialog.cancel' },
    { type: 'dialog.confirm' },
    done,
    failed,
    elapsed,
  ];
  const serializeState = (s: DeleteDialogSnapshot<Leia>) =>
    JSON.stringify([s.value, s.context.typed, s.context.error !== null]);
  const stateOf = (s: { value: unknown }) => JSON.stringify(s.value);

  const replay = (input: DeleteDialogInput, steps: { event: Event }[]) => {
    const onDeleted = vi.fn();
    const actor = createActor(
      machine.provide({
        actions: { onDeleted },
        actors: { deleteItem: fromPromise(() => new Promise(() => {})) },
      }),
      { input },
    ).start();
    const trace: DeleteDialogSnapshot<Leia>[] = [];
    for (const step of steps) {
      actor.send(step.event);
      trace.push(actor.getSnapshot());
    }
    actor.stop();
    return { onDeleted, trace };
  };

  it.each([0, 1500])('reaches every state with successDelayMs %i', (successDelayMs) => {
    const paths = getShortestPaths(machine, { events, input: { successDelayMs }, serializeState });
    const reached = new Set(paths.map((p) => stateOf(p.state)));
    expect(reached).toContain('"Closed"');
    expect(reached).toContain('{"Open":"Editing"}');
    expect(reached).toContain('{"Open":"Deleting"}');
    // With no delay, Succeeded is left in the same step, so it is never a resting state.
    if (successDelayMs > 0) expect(reached).toContain('{"Open":"Succeeded"}');
    else expect(reached).not.toContain('{"Open":"Succeeded"}');
  });

  it.each([0, 1500])(
    'successDelayMs %i: the live actor follows every simple path; onDeleted runs once per delete',
    (successDelayMs) => {
      const paths = getSimplePaths(machine, { events, input: { successDelayMs }, serializeState });
      expect(paths.length).toBeGreaterThan(10);
      for (const path of paths) {
        const { onDeleted, trace } = replay({ successDelayMs }, path.steps);
        path.steps.forEach((step, i) => {
          expect(stateOf(trace[i]!)).toBe(stateOf(step.state));
        });
        // Deleting never needs a typed-mismatch check here: confirm is only taken when it matched.
        const deletes = trace.filter(
          (snap, i) =>
            snap.matches('Closed') && (i === 0 ? false : !trace[i - 1]!.matches({ Open: 'Editing' })),
        ).length;
        expect(onDeleted).toHaveBeenCalledTimes(deletes);
        for (const [i, snap] of trace.entries()) {
          if (snap.matches({ Open: 'Deleting' })) expect(trace[i - 1]?.context.typed).toBe(leia.name);
        }
      }
    },
  );
});
