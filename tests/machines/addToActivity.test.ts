import {
  ADD_TO_ACTIVITY_TEXTS,
  type AddToActivityEvent,
  addToActivityMachine,
  hasAddChoice,
  isAddModalOpen,
  isBusy,
  selectedActivity,
} from '@machines/addToActivity';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const failure = (status?: number, message?: string) => ({ status, message });
const leia = { id: 'leia-1', name: 'Bakery interview' };
const week1 = { id: 'a-1', name: 'Week 1' };
const week2 = { id: 'a-2', name: 'Week 2' };

type Pending = { kind: string; input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void };

function start() {
  const calls: Pending[] = [];
  const call = <Out, In>(kind: string) =>
    fromPromise<Out, In>(
      ({ input }) =>
        new Promise<Out>((resolve, reject) =>
          calls.push({ kind, input, resolve: resolve as (value: unknown) => void, reject }),
        ),
    );
  const notices: { tone: string; message: string }[] = [];
  const onAdded = vi.fn();
  const actor = createActor(
    addToActivityMachine.provide({
      actors: { loadActivities: call('load'), createActivity: call('create'), addLeia: call('add') },
      actions: {
        notify: (_, notice) => void notices.push(notice),
        onAdded: (_, { activityId }) => onAdded(activityId),
      },
    }),
  ).start();
  const settle = async (index: number, outcome: unknown, fail = false) => {
    if (fail) calls[index]!.reject(outcome);
    else calls[index]!.resolve(outcome);
    await flush();
  };
  const send = (event: AddToActivityEvent) => actor.send(event);
  return { actor, calls, settle, send, notices, onAdded, snap: () => actor.getSnapshot() };
}

describe('addToActivity machine: the modal', () => {
  it('asks for the focus on the field once loaded and after creating; a chosen activity is an edit', async () => {
    const t = start();
    t.send({ type: 'add.open', leia });
    expect(t.snap().context.focus).toBeNull();
    expect(hasAddChoice(t.snap())).toBe(false);
    await t.settle(0, [week1]);
    const loaded = t.snap().context.focus;
    expect(loaded).toEqual({ field: 'activity' });
    expect(hasAddChoice(t.snap())).toBe(false);
    t.send({ type: 'add.select', id: week1.id });
    expect(hasAddChoice(t.snap())).toBe(true);
    t.send({ type: 'add.create', name: 'Week 9' });
    expect(hasAddChoice(t.snap())).toBe(false); // busy creating: nothing to keep editing
    await t.settle(1, { id: 'a-9', name: 'Week 9' });
    // A new object, so the view moves the focus again (to the field, the new activity in it).
    expect(t.snap().context.focus).toEqual({ field: 'activity' });
    expect(t.snap().context.focus).not.toBe(loaded);
    expect(hasAddChoice(t.snap())).toBe(true);
    t.send({ type: 'add.cancel' });
    expect(hasAddChoice(t.snap())).toBe(false);
  });

  it('loads the draft activities, adds the LEIA to the chosen one, closes and clears', async () => {
    const t = start();
    t.send({ type: 'add.open', leia });
    expect(isAddModalOpen(t.snap())).toBe(true);
    expect(t.snap().hasTag('loading')).toBe(true);
    await t.settle(0, [week1, week2]);
    t.send({ type: 'add.submit' });
    expect(t.calls).toHaveLength(1);
    t.send({ type: 'add.select', id: 'unknown' });
    expect(selectedActivity(t.snap())).toBeNull();
    t.send({ type: 'add.select', id: week2.id });
    expect(selectedActivity(t.snap())).toEqual(week2);
    t.send({ type: 'add.clear' });
    expect(selectedActivity(t.snap())).toBeNull();
    t.send({ type: 'add.select', id: week1.id });
    t.send({ type: 'add.submit' });
    expect(t.snap().matches({ Open: 'Adding' })).toBe(true);
    t.send({ type: 'add.cancel' });
    expect(isAddModalOpen(t.snap())).toBe(true);
    expect(t.calls[1]).toMatchObject({ kind: 'add', input: { activityId: week1.id, leiaId: leia.id } });
    await t.settle(1, {});
    expect(isAddModalOpen(t.snap())).toBe(false);
    expect(t.snap().context).toEqual({
      leia: null,
      activities: [],
      selectedId: null,
      choice: null,
      focus: null,
    });
    expect(t.notices).toEqual([{ tone: 'success', message: 'LEIA added to activity successfully' }]);
    expect(t.onAdded).toHaveBeenCalledWith(week1.id);
  });

  it("a load failure shows 'Could not load draft activities'; Try Again loads again", async () => {
    const t = start();
    t.send({ type: 'add.open', leia });
    await t.settle(0, failure(500), true);
    expect(t.snap().matches({ Open: 'Failed' })).toBe(true);
    expect(ADD_TO_ACTIVITY_TEXTS.loadFailed).toBe('Could not load draft activities');
    t.send({ type: 'add.retry' });
    await t.settle(1, []);
    expect(t.snap().matches({ Open: 'Ready' })).toBe(true);
  });

  it('creates an activity from the typed name (trimmed), appends it and selects it', async () => {
    const t = start();
    t.send({ type: 'add.open', leia });
    await t.settle(0, [week1]);
    t.send({ type: 'add.create', name: '   ' });
    expect(t.calls).toHaveLength(1);
    t.send({ type: 'add.create', name: '  Week 3 ' });
    expect(isBusy(t.snap())).toBe(true);
    expect(t.calls[1]).toMatchObject({ kind: 'create', input: { name: 'Week 3' } });
    await t.settle(1, { id: 'a-3', name: 'Week 3' });
    expect(t.snap().context.activities).toEqual([week1, { id: 'a-3', name: 'Week 3' }]);
    expect(selectedActivity(t.snap())).toEqual({ id: 'a-3', name: 'Week 3' });
    expect(t.notices).toEqual([{ tone: 'success', message: "Activity 'Week 3' created" }]);
  });

  it('failures toast their texts and keep the modal open', async () => {
    const t = start();
    t.send({ type: 'add.open', leia });
    await t.settle(0, [week1]);
    t.send({ type: 'add.create', name: 'Week 1' });
    await t.settle(1, failure(409, 'An activity named "Week 1" already exists'), true);
    t.send({ type: 'add.select', id: week1.id });
    t.send({ type: 'add.submit' });
    await t.settle(2, failure(409, 'This activity is published and can no longer be changed'), true);
    expect(t.snap().matches({ Open: 'Ready' })).toBe(true);
    expect(selectedActivity(t.snap())).toEqual(week1);
    expect(t.notices.map((n) => n.message)).toEqual([
      'Could not create new activity: An activity named "Week 1" already exists',
      'Could not add LEIA to activity: This activity is published and can no longer be changed',
    ]);
    t.send({ type: 'add.cancel' });
    expect(isAddModalOpen(t.snap())).toBe(false);
  });
});

describe('addToActivity machine: the palette (direct)', () => {
  it('adds to an existing activity without the modal', async () => {
    const t = start();
    t.send({ type: 'add.direct', leia, activity: week2 });
    expect(isAddModalOpen(t.snap())).toBe(false);
    expect(t.calls[0]).toMatchObject({ kind: 'add', input: { activityId: week2.id, leiaId: leia.id } });
    await t.settle(0, {});
    expect(t.snap().value).toBe('Closed');
    expect(t.onAdded).toHaveBeenCalledWith(week2.id);
  });

  it('creates the new activity first, then adds', async () => {
    const t = start();
    t.send({ type: 'add.direct', leia, activity: { create: 'Week 9' } });
    expect(t.calls[0]).toMatchObject({ kind: 'create', input: { name: 'Week 9' } });
    await t.settle(0, { id: 'a-9', name: 'Week 9' });
    expect(t.calls[1]).toMatchObject({ kind: 'add', input: { activityId: 'a-9', leiaId: leia.id } });
    await t.settle(1, {});
    expect(t.notices.map((n) => n.message)).toEqual([
      "Activity 'Week 9' created",
      'LEIA added to activity successfully',
    ]);
  });

  it('a failure at either step ends with its toast', async () => {
    const t = start();
    t.send({ type: 'add.direct', leia, activity: { create: 'Week 1' } });
    await t.settle(0, failure(409, 'An activity named "Week 1" already exists'), true);
    expect(t.snap().value).toBe('Closed');
    t.send({ type: 'add.direct', leia, activity: week1 });
    await t.settle(1, failure(undefined), true);
    expect(t.notices.map((n) => n.message)).toEqual([
      'Could not create new activity: An activity named "Week 1" already exists',
      'Could not add LEIA to activity: the server did not answer',
    ]);
    expect(t.onAdded).not.toHaveBeenCalled();
  });
});

describe('addToActivity machine paths (xstate/graph)', () => {
  it('reaches every state', () => {
    const done = (id: string, output: unknown) =>
      ({ type: `xstate.done.actor.${id}`, output }) as unknown as AddToActivityEvent;
    const error = (id: string) =>
      ({ type: `xstate.error.actor.${id}`, error: failure(500) }) as unknown as AddToActivityEvent;
    const events: AddToActivityEvent[] = [
      { type: 'add.open', leia },
      { type: 'add.direct', leia, activity: week1 },
      { type: 'add.direct', leia, activity: { create: 'New' } },
      { type: 'add.select', id: week1.id },
      { type: 'add.create', name: 'New' },
      { type: 'add.submit' },
      { type: 'add.retry' },
      { type: 'add.cancel' },
      done('loadActivities', [week1]),
      error('loadActivities'),
      done('createActivity', week2),
      error('createActivity'),
      done('addLeia', {}),
      error('addLeia'),
    ];
    const reached = new Set(
      getShortestPaths(addToActivityMachine, {
        events,
        serializeState: (s) => JSON.stringify([s.value, s.context.selectedId, s.context.choice]),
      }).map((path) => JSON.stringify(path.state.value)),
    );
    expect(reached).toEqual(
      new Set(
        [
          'Closed',
          { Open: 'Loading' },
          { Open: 'Failed' },
          { Open: 'Ready' },
          { Open: 'Creating' },
          { Open: 'Adding' },
          { Direct: 'Creating' },
          { Direct: 'Adding' },
        ].map((value) => JSON.stringify(value)),
      ),
    );
  });
});
