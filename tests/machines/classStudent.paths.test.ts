import type { StudentEvent } from '@machines/classStudent/contract';
import { classStudentMachine } from '@machines/classStudent/machine';
import { studentFace } from '@machines/classStudent/selectors';
import type { StudentView } from '@shared/schemas/class-sessions';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';

/** The student flow's paths (its steps one by one: ./classStudent.test.ts). */

const NOW = Date.parse('2026-01-01T10:00:00.000Z');
const view = (over: Partial<StudentView> = {}): StudentView => ({
  studentId: 'st-1',
  displayName: 'Ada',
  sessionName: 'Week 1',
  state: 'active',
  endsAt: new Date(NOW + 10 * 60_000).toISOString(),
  serverNow: new Date(NOW).toISOString(),
  leia: {},
  instructions: 'Design a library',
  mode: 'standard',
  transcript: null,
  conversation: [],
  solutionFormat: 'yaml',
  draft: '',
  handedIn: false,
  afterHandIn: null,
  ...over,
});
const loaded = (v: StudentView) => ({ view: v, receivedAt: NOW });
const handedIn = view({
  handedIn: true,
  afterHandIn: { handIn: 'x', handedInAt: view().serverNow, auto: false },
});
const ended = view({ state: 'ended' });

// The invoke outcomes are fed in as the events XState itself would deliver.
const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as StudentEvent;
const error = (id: string, status?: number, message?: string) =>
  ({ type: `xstate.error.actor.${id}`, error: { status, message } }) as unknown as StudentEvent;

/** An IO actor that never answers (the outcomes are fed in as events). */
const hang = () => fromPromise(() => new Promise<never>(() => {}));
const live = (input: { code?: string; resumeToken?: string } = {}) =>
  createActor(
    classStudentMachine.provide({
      actors: {
        loadMe: hang(),
        resume: hang(),
        joinInfo: hang(),
        join: hang(),
        reply: hang(),
        saveDraft: hang(),
        handIn: hang(),
        clock: fromCallback(() => () => {}),
        sessionEvents: fromCallback(() => () => {}),
      } as never,
    }),
    { input },
  ).start();

const stateOf = (s: { value: unknown }) => JSON.stringify(s.value);

describe('class student machine paths (xstate/graph)', () => {
  // A child's id is the state's path: invoked actors are named by their state ('0.classStudent.Checking').
  const id = (path: string) => `0.classStudent.${path}`;
  const events: StudentEvent[] = [
    done(id('Checking'), loaded(view())),
    done(id('Checking'), loaded(handedIn)),
    done(id('Checking'), loaded(ended)),
    error(id('Checking'), 404),
    error(id('Checking'), 500),
    { type: 'load.retry' },
    { type: 'join.change', field: 'code', value: 'ABCDEF' },
    { type: 'join.submitCode' },
    done(id('Joining.LookingUp'), { code: 'ABCDEF', sessionName: 'Week 1', identity: 'name' }),
    error(id('Joining.LookingUp'), 404),
    { type: 'join.submit' },
    { type: 'join.back' },
    done(id('Joining.Submitting'), { ...loaded(view()), resumePath: '/resume#t' }),
    error(id('Joining.Submitting'), 409, 'This session is closed'),
    { type: 'chat.send', text: 'Hello' },
    { type: 'chat.stop' },
    error(id('Session.Active.chat.Replying'), 502),
    error(id('Session.Active.chat.Replying'), 409, 'The session has ended'),
    { type: 'chat.retry' },
    { type: 'draft.change', text: 'classes: [Member]' },
    { type: 'handIn.submit' },
    done(id('Session.Active.handIn.Submitting'), loaded(handedIn)),
    done(id('Session.Ending'), loaded(handedIn)),
    {
      type: 'session.extended',
      endsAt: new Date(NOW + 20 * 60_000).toISOString(),
      serverNow: view().serverNow,
      receivedAt: NOW,
    },
    { type: 'session.closed', view: handedIn, receivedAt: NOW },
    { type: 'session.lost' },
    { type: 'join.another' },
  ];
  const serializeState = (s: ReturnType<typeof classStudentMachine.getInitialSnapshot>) =>
    JSON.stringify([
      s.value,
      s.context.code !== '',
      s.context.draft !== '',
      s.context.view?.handedIn ?? null,
    ]);

  it('reaches every face of the screen, each along a path the live actor follows', () => {
    const paths = getShortestPaths(classStudentMachine, { events, serializeState, input: {} });
    const faces = new Set(paths.map((path) => studentFace(path.state as never)));
    expect(faces).toEqual(new Set(['loading', 'failed', 'join', 'active', 'after', 'ended']));
    const reached = new Set(paths.map((path) => stateOf(path.state)));
    for (const value of [
      { Joining: 'Details' },
      { Joining: 'Submitting' },
      { Session: { Active: { chat: 'Failed', draft: 'Clean', events: 'Watching', handIn: 'Ready' } } },
      { Session: { Active: { chat: 'Idle', draft: 'Clean', events: 'Retrying', handIn: 'Ready' } } },
      { Session: 'Ending' },
    ]) {
      expect([...reached].some((state) => state.includes(JSON.stringify(value).slice(1, -1)))).toBe(true);
    }
    for (const path of paths) {
      const actor = live();
      for (const step of path.steps) actor.send(step.event);
      expect(stateOf(actor.getSnapshot())).toBe(stateOf(path.state));
      actor.stop();
    }
  });

  it('every simple path ends where the live actor does; the after-hand-in face only ever shows a handed-in view', () => {
    // The chat's own loops (stop, retry, a failed reply) are the shortest paths' and ./classStudent.test.ts's:
    // with them every simple path of joining and handing in would be walked once per chat loop.
    const moves = events.filter(
      (event) =>
        !['chat.stop', 'chat.retry', 'session.lost'].includes(event.type) &&
        !JSON.stringify(event).includes('"status":502'),
    );
    const paths = getSimplePaths(classStudentMachine, { events: moves, serializeState, input: {} });
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const actor = live();
      for (const step of path.steps) actor.send(step.event);
      const snapshot = actor.getSnapshot();
      expect(stateOf(snapshot)).toBe(stateOf(path.state));
      if (studentFace(snapshot) === 'after') expect(snapshot.context.view?.handedIn).toBe(true);
      actor.stop();
    }
  });
});
