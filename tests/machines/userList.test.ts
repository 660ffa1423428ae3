import { USER_LIST_TEXTS, type UserListEvent, userListMachine, userListView } from '@machines/users/list';
import type { UserListItem } from '@shared/schemas/users';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

const row: UserListItem = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'a@b.co',
  role: 'admin',
  createdAt: '2025-01-01T00:00:00.000Z',
  ownedItems: 0,
};

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Each call of loadUsers takes the next outcome: a list, or an Error to reject with. */
const start = (...outcomes: (UserListItem[] | Error)[]) => {
  const loadUsers = vi.fn(async () => {
    const next = outcomes.shift() ?? [];
    if (next instanceof Error) throw next;
    return next;
  });
  const actor = createActor(
    userListMachine.provide({ actors: { loadUsers: fromPromise(loadUsers) } }),
  ).start();
  return { actor, loadUsers, send: (event: UserListEvent) => actor.send(event) };
};

describe('userList machine', () => {
  it('loads at start, tagged loading', async () => {
    const { actor } = start([row]);
    expect(actor.getSnapshot().value).toEqual({ Loading: 'Initial' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(userListView(actor.getSnapshot())).toBe('loading');
    await flush();
    expect(actor.getSnapshot().value).toBe('Loaded');
    expect(actor.getSnapshot().context.users).toEqual([row]);
  });

  it('an empty answer is Empty', async () => {
    const { actor } = start([]);
    await flush();
    expect(actor.getSnapshot().value).toBe('Empty');
  });

  it('a failure is Failed; Retry loads again', async () => {
    const { actor, send, loadUsers } = start(new Error('offline'), [row]);
    await flush();
    expect(actor.getSnapshot().value).toBe('Failed');
    expect(userListView(actor.getSnapshot())).toBe('failed');
    send({ type: 'list.retry' });
    expect(actor.getSnapshot().value).toEqual({ Loading: 'Initial' });
    await flush();
    expect(actor.getSnapshot().value).toBe('Loaded');
    expect(loadUsers).toHaveBeenCalledTimes(2);
  });

  it('reload from Loaded and Empty fetches again; a failed reload drops the stale rows', async () => {
    const { actor, send } = start([row], [], new Error('x'));
    await flush();
    send({ type: 'list.reload' });
    // The rows stay on screen while refreshing.
    expect(actor.getSnapshot().value).toEqual({ Loading: 'Refreshing' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(userListView(actor.getSnapshot())).toBe('table');
    await flush();
    expect(userListView(actor.getSnapshot())).toBe('empty');
    expect(actor.getSnapshot().value).toBe('Empty');
    send({ type: 'list.reload' });
    await flush();
    expect(actor.getSnapshot().value).toBe('Failed');
    expect(actor.getSnapshot().context.users).toEqual([]);
    expect(userListView(actor.getSnapshot())).toBe('failed');
  });

  it('ignores reload and retry while loading (one request at a time)', () => {
    const { send, loadUsers } = start([row]);
    send({ type: 'list.reload' });
    send({ type: 'list.retry' });
    expect(loadUsers).toHaveBeenCalledTimes(1);
  });

  it('has the spec texts', () => {
    expect(USER_LIST_TEXTS).toEqual({
      loading: 'Loading users...',
      empty: 'No users registered',
      failed: 'Failed to load users',
    });
  });

  it('reaches every state (xstate/graph)', () => {
    const events = [
      { type: 'list.reload' },
      { type: 'list.retry' },
      { type: 'xstate.done.actor.loadUsers', output: [row] },
      { type: 'xstate.done.actor.loadUsers', output: [] },
      { type: 'xstate.error.actor.loadUsers', error: new Error('x') },
    ] as unknown as UserListEvent[];
    const reached = getShortestPaths(userListMachine, { events }).map((p) => JSON.stringify(p.state.value));
    expect(new Set(reached)).toEqual(
      new Set(['{"Loading":"Initial"}', '{"Loading":"Refreshing"}', '"Loaded"', '"Empty"', '"Failed"']),
    );
  });
});
