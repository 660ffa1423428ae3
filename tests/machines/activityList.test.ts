import { acceptsNow, availability } from '@machines/action';
import {
  deleteActivity,
  newActivity,
  publishActivity,
  removeLeia,
  setMode,
} from '@machines/activityList/actions';
import type { ActivityListEvent } from '@machines/activityList/contract';
import { activityListMachine } from '@machines/activityList/machine';
import {
  activityListView,
  cardFocus,
  changeInFlight,
  changeToConfirm,
  isChanging,
  isCreateModalOpen,
  loadErrorText,
  modeFocus,
} from '@machines/activityList/selectors';
import type { Notice } from '@machines/notice';
import type { Activity } from '@shared/schemas/activities';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { activity, OTHER_ACTIVITY_ID, week1 } from '../support/activities';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const failure = (status?: number, message?: string) => ({ status, message });
const week2 = activity({ id: OTHER_ACTIVITY_ID, name: 'Week 2' });

type Pending = { kind: string; input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void };

/** The first load answers `loaded` (or fails with it); every other call waits for the test. */
function start(loaded: Activity[] | ReturnType<typeof failure> = [week1, week2]) {
  const calls: Pending[] = [];
  const call = <Out, In>(kind: string) =>
    fromPromise<Out, In>(
      ({ input }) =>
        new Promise<Out>((resolve, reject) =>
          calls.push({ kind, input, resolve: resolve as (value: unknown) => void, reject }),
        ),
    );
  let loads = 0;
  const notices: Notice[] = [];
  const actor = createActor(
    activityListMachine.provide({
      actors: {
        loadActivities: fromPromise(async () => {
          loads += 1;
          if (loads === 1) {
            if (Array.isArray(loaded)) return loaded;
            throw loaded;
          }
          return new Promise<never>((resolve, reject) =>
            calls.push({ kind: 'load', input: undefined, resolve: resolve as never, reject }),
          );
        }),
        createActivity: call('create'),
        publishActivity: call('publish'),
        deleteActivity: call('delete'),
        removeLeia: call('removeLeia'),
        setMode: call('mode'),
      },
      actions: { notify: (_, notice) => void notices.push(notice) },
    }),
  ).start();
  const settle = async (index: number, outcome: unknown, fail = false) => {
    if (fail) calls[index]!.reject(outcome);
    else calls[index]!.resolve(outcome);
    await flush();
  };
  const send = (event: ActivityListEvent) => actor.send(event);
  return { actor, calls, settle, send, notices, snap: () => actor.getSnapshot(), loads: () => loads };
}

describe('activityList machine: the list', () => {
  it("loads ('Loading activities...'), then lists; a reload keeps the cards", async () => {
    const t = start();
    expect(activityListView(t.snap())).toBe('loading');
    expect(t.snap().hasTag('loading')).toBe(true);
    await flush();
    expect(activityListView(t.snap())).toBe('list');
    expect(t.snap().context.activities.map((a) => a.name)).toEqual(['Week 1', 'Week 2']);
    t.send({ type: 'list.reload' });
    expect(t.snap().matches({ list: { Loading: 'Refreshing' } })).toBe(true);
    expect(activityListView(t.snap())).toBe('list');
    await t.settle(0, [week2]);
    expect(t.snap().context.activities).toEqual([week2]);
  });

  it('no activities is the empty state', async () => {
    const t = start([]);
    await flush();
    expect(activityListView(t.snap())).toBe('empty');
  });

  it("a failure reads 'Error loading activities: {message}' (or without one); Try Again loads again", async () => {
    const t = start(failure(500, 'database unavailable'));
    await flush();
    expect(activityListView(t.snap())).toBe('failed');
    expect(loadErrorText(t.snap())).toBe('Error loading activities: database unavailable');
    t.send({ type: 'list.retry' });
    expect(activityListView(t.snap())).toBe('loading');
    await t.settle(0, [week1]);
    expect(activityListView(t.snap())).toBe('list');
    const bare = start(failure(undefined));
    await flush();
    expect(loadErrorText(bare.snap())).toBe('Error loading activities');
  });

  it('cards expand and collapse; the palette opens one; an updated activity replaces its card', async () => {
    const t = start();
    await flush();
    t.send({ type: 'card.toggle', id: week1.id });
    t.send({ type: 'card.expand', id: week2.id });
    t.send({ type: 'card.expand', id: week2.id });
    expect(t.snap().context.expanded).toEqual([week1.id, week2.id]);
    t.send({ type: 'card.toggle', id: week1.id });
    expect(t.snap().context.expanded).toEqual([week2.id]);
    const renamed = { ...week1, name: 'Renamed' };
    t.send({ type: 'activity.updated', activity: renamed });
    expect(t.snap().context.activities).toEqual([renamed, week2]);
  });
});

describe('activityList machine: creating', () => {
  it('the modal creates with the trimmed name; blank does nothing; the new activity comes first', async () => {
    const t = start();
    await flush();
    t.send({ type: 'create.open' });
    expect(isCreateModalOpen(t.snap())).toBe(true);
    t.send({ type: 'create.change', name: '   ' });
    t.send({ type: 'create.submit' });
    expect(t.calls).toEqual([]);
    t.send({ type: 'create.change', name: '  Week 3 ' });
    t.send({ type: 'create.submit' });
    expect(t.snap().hasTag('creating')).toBe(true);
    t.send({ type: 'create.close' });
    expect(isCreateModalOpen(t.snap())).toBe(true);
    expect(t.calls[0]).toMatchObject({ kind: 'create', input: { name: 'Week 3' } });
    const week3 = activity({ id: 'w3', name: 'Week 3' });
    await t.settle(0, week3);
    expect(isCreateModalOpen(t.snap())).toBe(false);
    expect(t.snap().context.name).toBe('');
    expect(t.snap().context.activities.map((a) => a.name)).toEqual(['Week 3', 'Week 1', 'Week 2']);
    expect(t.notices).toEqual([{ tone: 'success', message: "Activity 'Week 3' created" }]);
  });

  it("a failure keeps the modal and the name: 'Could not create new activity: {message}'", async () => {
    const t = start();
    await flush();
    t.send({ type: 'create.open' });
    t.send({ type: 'create.change', name: 'Week 1' });
    t.send({ type: 'create.submit' });
    await t.settle(0, failure(409, 'An activity named "Week 1" already exists'), true);
    expect(isCreateModalOpen(t.snap())).toBe(true);
    expect(t.snap().context.name).toBe('Week 1');
    expect(t.notices).toEqual([
      {
        tone: 'error',
        message: 'Could not create new activity: An activity named "Week 1" already exists',
      },
    ]);
  });

  it('closing the modal clears the name; the empty state creates inline', async () => {
    const t = start([]);
    await flush();
    t.send({ type: 'create.open' });
    t.send({ type: 'create.change', name: 'Draft' });
    t.send({ type: 'create.close' });
    expect(t.snap().context.name).toBe('');
    t.send({ type: 'create.change', name: 'First' });
    t.send({ type: 'create.submit' });
    expect(t.snap().matches({ create: 'InlineCreating' })).toBe(true);
    await t.settle(0, activity({ name: 'First' }));
    expect(activityListView(t.snap())).toBe('list');
  });
});

describe('activityList machine: card actions', () => {
  it.each([
    ['activity.publish', 'publish', 'Activity published successfully'],
    ['activity.delete', 'delete', 'Activity deleted successfully'],
  ] as const)('%s asks first, then saves (%s) and toasts', async (type, kind, text) => {
    const t = start();
    await flush();
    t.send({ type, activity: week1 });
    expect(changeToConfirm(t.snap())).toMatchObject({ activity: week1 });
    expect(t.calls).toEqual([]);
    t.send({ type: 'change.confirm' });
    expect(isChanging(t.snap())).toBe(true);
    expect(changeInFlight(t.snap())?.activity).toBe(week1);
    expect(t.calls[0]!.kind).toBe(kind);
    const published = { ...week1, isPublished: true, visibility: 'public' as const };
    await t.settle(0, kind === 'publish' ? published : undefined);
    expect(isChanging(t.snap())).toBe(false);
    expect(t.snap().context.activities).toEqual(kind === 'publish' ? [published, week2] : [week2]);
    expect(t.notices).toEqual([{ tone: 'success', message: text, brief: true }]);
  });

  it('Cancel asks nothing of the server', async () => {
    const t = start();
    await flush();
    t.send({ type: 'leia.remove', activity: week1, config: week1.leias[0]! });
    t.send({ type: 'change.cancel' });
    expect(t.snap().matches({ change: 'Idle' })).toBe(true);
    expect(t.calls).toEqual([]);
  });

  it("deleting a LEIA removes its row: 'LEIA deleted from activity'", async () => {
    const t = start();
    await flush();
    t.send({ type: 'leia.remove', activity: week1, config: week1.leias[0]! });
    t.send({ type: 'change.confirm' });
    await t.settle(0, undefined);
    expect(t.snap().context.activities[0]!.leias.map((c) => c.id)).toEqual(['cfg-transcribed']);
    expect(t.notices[0]!.message).toBe('LEIA deleted from activity');
  });

  it('a mode change saves at once (the same mode is no change); the answer replaces the activity', async () => {
    const t = start();
    await flush();
    const config = week1.leias[0]!;
    t.send({ type: 'leia.mode', activity: week1, config, mode: 'standard' });
    expect(t.calls).toEqual([]);
    t.send({ type: 'leia.mode', activity: week1, config, mode: 'transcription' });
    expect(t.calls[0]).toMatchObject({ kind: 'mode', input: { kind: 'mode', mode: 'transcription' } });
    t.send({ type: 'activity.publish', activity: week1 });
    expect(changeToConfirm(t.snap())).toBeNull();
    const answer = { ...week1, leias: [{ ...config, configuration: { mode: 'transcription' as const } }] };
    await t.settle(0, answer);
    expect(t.snap().context.activities[0]).toEqual(answer);
    expect(t.notices).toEqual([]);
    // Back to the Mode it was changed with (disabled while saved), unless the focus went elsewhere.
    expect(t.snap().context.focus).toEqual({ field: 'mode', configId: config.id, ifLost: true });
    expect(modeFocus(config.id)(t.snap())).toBe(t.snap().context.focus);
    expect(modeFocus('another')(t.snap())).toBeNull();
  });

  it("a created activity's card asks for the focus (its toggle)", async () => {
    const t = start();
    await flush();
    t.send({ type: 'create.open' });
    t.send({ type: 'create.change', name: 'Week 3' });
    t.send({ type: 'create.submit' });
    const week3 = activity({ id: 'a-3', name: 'Week 3' });
    await t.settle(0, week3);
    expect(t.snap().context.focus).toEqual({ field: 'toggle', activityId: 'a-3' });
    expect(cardFocus('a-3')(t.snap())).toEqual({ field: 'toggle', activityId: 'a-3' });
    expect(cardFocus(week1.id)(t.snap())).toBeNull();
  });

  it.each([
    [
      'activity.publish',
      failure(409, 'This activity is already published'),
      'This activity is already published',
    ],
    ['activity.publish', failure(400, 'bad'), 'Failed to publish activity'],
    ['activity.delete', failure(404, 'Activity not found'), 'Activity not found'],
    ['activity.delete', failure(500, 'boom'), 'Failed to delete activity'],
    ['leia.remove', failure(409), 'Failed to delete LEIA from activity'],
    [
      'leia.mode',
      failure(400, 'Mode must be one of: standard, transcription'),
      'Mode must be one of: standard, transcription',
    ],
    ['leia.mode', failure(undefined), 'Failed to update LEIA mode'],
  ] as const)('%s failing with %o shows %s and changes nothing', async (type, error, text) => {
    const t = start();
    await flush();
    const config = week1.leias[0]!;
    t.send(
      type === 'leia.mode'
        ? { type, activity: week1, config, mode: 'transcription' }
        : type === 'leia.remove'
          ? { type, activity: week1, config }
          : { type, activity: week1 },
    );
    t.send({ type: 'change.confirm' });
    await t.settle(0, error, true);
    expect(t.snap().context.activities).toEqual([week1, week2]);
    expect(t.notices).toEqual([{ tone: 'error', message: text, brief: true }]);
  });
});

describe('activityList machine: when each action is available (its guards)', () => {
  const published = activity({ id: 'a-published', name: 'Week 0', isPublished: true, visibility: 'public' });
  const lockedRow = { activity: published, config: week1.leias[0]! };

  it('a published activity is never changed: publish, delete, remove a LEIA, set a mode do nothing', async () => {
    const t = start([week1, published]);
    await flush();
    const refused: ActivityListEvent[] = [
      publishActivity.event(published),
      deleteActivity.event(published),
      removeLeia.event(lockedRow),
      setMode.event({ ...lockedRow, mode: 'transcription' }),
    ];
    for (const event of refused) {
      expect(t.snap().can(event)).toBe(false);
      t.send(event);
      expect(t.snap().matches({ change: 'Idle' })).toBe(true);
    }
    expect(t.calls).toEqual([]);
    expect(availability(t.snap(), publishActivity, published)).toEqual({ applies: false, can: false });
    expect(availability(t.snap(), publishActivity, week1)).toEqual({ applies: true, can: true });
  });

  it('a mode change needs the other mode', async () => {
    const t = start();
    await flush();
    const row = { activity: week1, config: week1.leias[0]! };
    expect(t.snap().can(setMode.event({ ...row, mode: 'standard' }))).toBe(false);
    expect(t.snap().can(setMode.event({ ...row, mode: 'transcription' }))).toBe(true);
  });

  it('one change at a time: while one is asked or saved the others wait, with their reason', async () => {
    const t = start();
    await flush();
    const row = { activity: week1, config: week1.leias[0]! };
    t.send(removeLeia.event(row));
    expect(acceptsNow(t.snap(), publishActivity)).toBe(false);
    t.send({ type: 'change.confirm' });
    for (const action of [publishActivity, deleteActivity]) {
      expect(availability(t.snap(), action, week1)).toEqual({
        applies: true,
        can: false,
        reason: 'A change is being saved',
      });
    }
    t.send(publishActivity.event(week1));
    expect(changeToConfirm(t.snap())).toBeNull();
    await t.settle(0, undefined);
    expect(acceptsNow(t.snap(), publishActivity)).toBe(true);
  });

  it('New activity waits while the dialog is open or an activity is being created', async () => {
    const t = start();
    await flush();
    expect(t.snap().can(newActivity.event())).toBe(true);
    t.send(newActivity.event());
    expect(availability(t.snap(), newActivity, undefined)).toMatchObject({
      can: false,
      reason: 'An activity is being created',
    });
    t.send({ type: 'create.close' });
    expect(t.snap().can(newActivity.event())).toBe(true);
  });
});

describe('activityList machine paths (xstate/graph)', () => {
  it('reaches every state of the three regions', () => {
    const done = (id: string, output: unknown) =>
      ({ type: `xstate.done.actor.${id}`, output }) as unknown as ActivityListEvent;
    const events: ActivityListEvent[] = [
      done('loadActivities', [week1]),
      { type: 'xstate.error.actor.loadActivities', error: failure(500) } as unknown as ActivityListEvent,
      { type: 'list.reload' },
      { type: 'list.retry' },
      { type: 'create.open' },
      { type: 'create.change', name: 'New' },
      { type: 'create.submit' },
      { type: 'create.close' },
      { type: 'activity.publish', activity: week1 },
      { type: 'activity.delete', activity: week1 },
      { type: 'leia.remove', activity: week1, config: week1.leias[0]! },
      { type: 'leia.mode', activity: week1, config: week1.leias[0]!, mode: 'transcription' },
      { type: 'change.confirm' },
      { type: 'change.cancel' },
    ];
    const serializeState = (s: ReturnType<typeof activityListMachine.getInitialSnapshot>) =>
      JSON.stringify([s.value, s.context.name !== '', s.context.change?.kind ?? null]);
    const reached = new Set(
      getShortestPaths(activityListMachine, { events, serializeState }).map((path) =>
        JSON.stringify(path.state.value),
      ),
    );
    const regions = (value: string) => [...reached].some((state) => state.includes(value));
    for (const state of [
      '"Initial"',
      '"Refreshing"',
      '"list":"Ready"',
      '"list":"Failed"',
      '"Editing"',
      '"Creating"',
      '"InlineCreating"',
      '"Confirming"',
      '"Publishing"',
      '"DeletingActivity"',
      '"RemovingLeia"',
      '"SettingMode"',
    ]) {
      expect(regions(state), state).toBe(true);
    }
  });
});
