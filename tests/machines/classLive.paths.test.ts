import type { LiveMachineEvent } from '@machines/classLive/contract';
import { classLiveMachine } from '@machines/classLive/machine';
import { liveFace } from '@machines/classLive/selectors';
import type { ClassSessionDetail } from '@shared/schemas/class-sessions';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';

/** The live view's paths (its steps one by one: ./classLive.test.ts). */

const NOW = '2026-01-01T10:00:00.000Z';
const detail = (status: 'open' | 'closed' = 'open'): ClassSessionDetail => ({
  id: 'cs-1',
  experimentId: 'e-1',
  name: 'Week 1',
  code: 'ABCDEF',
  joinPath: '/join/ABCDEF',
  status,
  createdAt: NOW,
  endsAt: '2026-01-01T10:30:00.000Z',
  closedAt: null,
  settings: { allowRejoin: false, showReport: true, showSolution: false, identity: 'name' },
  counts: { students: 0, handedIn: 0 },
  experimentName: 'Activity',
  leias: [],
  students: [],
  serverNow: NOW,
});
const { experimentName: _n, leias: _l, students: _s, serverNow: _t, ...summary } = detail();

const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as LiveMachineEvent;
const error = (id: string, status?: number) =>
  ({ type: `xstate.error.actor.${id}`, error: { status } }) as unknown as LiveMachineEvent;
const id = (path: string) => `0.classLive.${path}`;

const hang = () => fromPromise(() => new Promise<never>(() => {}));
const live = () =>
  createActor(
    classLiveMachine.provide({
      actors: {
        watch: fromCallback(() => () => {}),
        clock: fromCallback(() => () => {}),
        loadConversation: hang(),
        extend: hang(),
        close: hang(),
      } as never,
      actions: { notify: () => {} },
    }),
    { input: { sessionId: 'cs-1' } },
  ).start();

const stateOf = (s: { value: unknown }) => JSON.stringify(s.value);

describe('class live machine paths (xstate/graph)', () => {
  const events: LiveMachineEvent[] = [
    { type: 'live.event', event: { event: 'snapshot', data: detail() }, receivedAt: Date.parse(NOW) },
    { type: 'live.lost' },
    { type: 'live.lost', error: { status: 404 } },
    { type: 'live.retry' },
    { type: 'student.open', studentId: 'a' },
    { type: 'student.close' },
    done(id('student.Open.Loading'), { student: {}, conversation: [], draft: '', handIn: null }),
    { type: 'extend.open' },
    { type: 'extend.change', value: '0' },
    { type: 'extend.change', value: '10' },
    { type: 'extend.submit' },
    { type: 'extend.cancel' },
    done(id('action.Extending.Saving'), summary),
    error(id('action.Extending.Saving'), 409),
    { type: 'close.request' },
    { type: 'close.cancel' },
    { type: 'close.confirm' },
    done(id('action.Closing.Saving'), { ...summary, status: 'closed' }),
  ];
  const serializeState = (s: ReturnType<typeof classLiveMachine.getInitialSnapshot>) =>
    JSON.stringify([s.value, s.context.detail?.status ?? null, s.context.minutes, s.context.selected]);

  it('reaches every state of each region, each along a path the live actor follows', () => {
    const paths = getShortestPaths(classLiveMachine, {
      events,
      serializeState,
      input: { sessionId: 'cs-1' },
    });
    const values = paths.map((path) => path.state.value as Record<string, unknown>);
    const seen = (region: string) => new Set(values.map((value) => JSON.stringify(value[region])));
    expect(seen('stream')).toEqual(
      new Set(['{"Watching":"Connecting"}', '{"Watching":"Live"}', '"Retrying"', '"Failed"']),
    );
    expect(seen('student')).toEqual(new Set(['"Closed"', '{"Open":"Loading"}', '{"Open":"Showing"}']));
    expect(seen('action')).toEqual(
      new Set([
        '"Idle"',
        '{"Extending":"Editing"}',
        '{"Extending":"Saving"}',
        '{"Closing":"Confirming"}',
        '{"Closing":"Saving"}',
      ]),
    );
    for (const path of paths) {
      const actor = live();
      for (const step of path.steps) actor.send(step.event);
      expect(stateOf(actor.getSnapshot())).toBe(stateOf(path.state));
      actor.stop();
    }
  });

  it('every simple path ends where the live actor does; a closed session never offers Extend or Close', () => {
    // The actions' region with the snapshot: every region's moves at once would be too many paths.
    const moves = events.filter(
      (event) =>
        event.type.startsWith('extend.') ||
        event.type.startsWith('close.') ||
        event.type.includes('action.') ||
        event.type === 'live.event',
    );
    const paths = getSimplePaths(classLiveMachine, {
      events: moves,
      serializeState,
      input: { sessionId: 'cs-1' },
    });
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      const actor = live();
      for (const step of path.steps) actor.send(step.event);
      const snapshot = actor.getSnapshot();
      expect(stateOf(snapshot)).toBe(stateOf(path.state));
      expect(liveFace(snapshot)).not.toBe('failed');
      if (snapshot.context.detail?.status === 'closed') {
        expect(snapshot.can({ type: 'extend.open' })).toBe(false);
        expect(snapshot.can({ type: 'close.request' })).toBe(false);
      }
      actor.stop();
    }
  });
});
