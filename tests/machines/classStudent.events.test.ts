import { EVENTS_RECONNECT_MS, type StudentEvent } from '@machines/classStudent/contract';
import { classStudentMachine } from '@machines/classStudent/machine';
import { studentFace, timeLeftLabel } from '@machines/classStudent/selectors';
import type { StudentView } from '@shared/schemas/class-sessions';
import { createActor, fromCallback, fromPromise } from 'xstate';

/** The student flow and its session's events (extended, closed, a lost stream). */

const NOW = Date.parse('2026-01-01T10:00:00.000Z');
const view = (over: Partial<StudentView> = {}): StudentView => ({
  studentId: 'st-1',
  displayName: 'Ada',
  sessionName: 'Week 1',
  state: 'active',
  endsAt: new Date(NOW + 4 * 60_000).toISOString(),
  serverNow: new Date(NOW).toISOString(),
  leia: {},
  instructions: 'Design a library',
  mode: 'standard',
  transcript: null,
  conversation: [],
  solutionFormat: 'yaml',
  draft: 'saved draft',
  handedIn: false,
  afterHandIn: null,
  ...over,
});

/** The flow with a session loaded; `streams` counts the event streams opened, `send` feeds the open one. */
function start(loaded: StudentView = view()) {
  const opened: ((event: StudentEvent) => void)[] = [];
  const closed: number[] = [];
  const actor = createActor(
    classStudentMachine.provide({
      actors: {
        loadMe: fromPromise(async () => ({ view: loaded, receivedAt: NOW })),
        saveDraft: fromPromise(() => new Promise<never>(() => {})),
        clock: fromCallback(() => () => {}),
        sessionEvents: fromCallback<StudentEvent>(({ sendBack }) => {
          const index = opened.push(sendBack) - 1;
          return () => closed.push(index);
        }),
      } as never,
    }),
    { input: {} },
  ).start();
  const send = (event: StudentEvent) => opened.at(-1)!(event);
  return { actor, opened, closed, send };
}

const settled = async (actor: { getSnapshot(): { hasTag(tag: string): boolean } }) => {
  for (let i = 0; i < 10 && actor.getSnapshot().hasTag('loading'); i++) await Promise.resolve();
};

describe('class student machine: the session events', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('watches while active; an extension moves the countdown and re-arms the announcements', async () => {
    const { actor, opened, send } = start();
    await settled(actor);
    expect(studentFace(actor.getSnapshot())).toBe('active');
    expect(opened).toHaveLength(1);
    actor.send({ type: 'clock.tick', now: NOW });
    // Four minutes left: the five-minute announcement is passed already.
    expect(timeLeftLabel(actor.getSnapshot())).toBe('4 minutes');
    expect(actor.getSnapshot().context.announced).toContain(5);
    const endsAt = new Date(NOW + 14 * 60_000).toISOString();
    // The server's clock is a second ahead of the browser's.
    send({
      type: 'session.extended',
      endsAt,
      serverNow: new Date(NOW + 1000).toISOString(),
      receivedAt: NOW,
    });
    const { context } = actor.getSnapshot();
    expect(context.view?.endsAt).toBe(endsAt);
    expect(context.clockOffset).toBe(1000);
    expect(context.announced).toEqual([]);
    actor.send({ type: 'clock.tick', now: NOW });
    expect(timeLeftLabel(actor.getSnapshot())).toBe('14 minutes');
    expect(actor.getSnapshot().context.announcement).toBeNull();
    // Five minutes before the new end, it is announced again.
    actor.send({ type: 'clock.tick', now: NOW + 9 * 60_000 });
    expect(actor.getSnapshot().context.announcement).not.toBeNull();
  });

  it('a close shows the view after the hand-in, keeps the draft on screen, and stops watching', async () => {
    const { actor, send, closed } = start();
    await settled(actor);
    actor.send({ type: 'draft.change', text: 'typed, not yet saved' });
    const after = view({
      state: 'ended',
      handedIn: true,
      afterHandIn: { handIn: 'saved draft', handedInAt: new Date(NOW).toISOString(), auto: true },
    });
    send({ type: 'session.closed', view: after, receivedAt: NOW });
    const snapshot = actor.getSnapshot();
    expect(studentFace(snapshot)).toBe('after');
    expect(snapshot.context.view?.afterHandIn?.auto).toBe(true);
    expect(snapshot.context.draft).toBe('typed, not yet saved');
    expect(closed).toEqual([0]);
  });

  it('a close with nothing handed in shows the ended face', async () => {
    const { actor, send } = start();
    await settled(actor);
    send({ type: 'session.closed', view: view({ state: 'ended', draft: '' }), receivedAt: NOW });
    expect(studentFace(actor.getSnapshot())).toBe('ended');
  });

  it('a lost stream is opened again after a pause; a refused one (404) loads the view again', async () => {
    vi.useFakeTimers();
    const { actor, opened, send } = start();
    await settled(actor);
    send({ type: 'session.lost' });
    expect(actor.getSnapshot().matches({ Session: { Active: { events: 'Retrying' } } })).toBe(true);
    vi.advanceTimersByTime(EVENTS_RECONNECT_MS - 1);
    expect(opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(opened).toHaveLength(2);
    expect(actor.getSnapshot().matches({ Session: { Active: { events: 'Watching' } } })).toBe(true);
    send({ type: 'session.lost', error: { status: 404, message: 'gone' } as never });
    expect(actor.getSnapshot().matches({ Session: 'Ending' })).toBe(true);
  });
});
