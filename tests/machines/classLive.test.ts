import { reasonOf } from '@machines/action';
import { closeSession, copyCode, copyJoinLink, extendTime, showCode } from '@machines/classLive/actions';
import {
  type CopyParams,
  LIVE_TEXTS,
  type LiveMachineEvent,
  RECONNECT_MS,
} from '@machines/classLive/contract';
import { classLiveMachine } from '@machines/classLive/machine';
import { liveFace, rowTimeLeft, selectedRow } from '@machines/classLive/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import type {
  ClassSessionDetail,
  ClassSessionSummary,
  LiveRow,
  StudentConversation,
} from '@shared/schemas/class-sessions';
import { createActor, fromCallback, fromPromise } from 'xstate';

/** The instructor's live view one event at a time (its paths: ./classLive.paths.test.ts). */

const NOW = Date.parse('2026-01-01T10:00:00.000Z');
const iso = (offset = 0) => new Date(NOW + offset).toISOString();
const row = (id: string, over: Partial<LiveRow> = {}): LiveRow => ({
  studentId: id,
  displayName: `Student ${id}`,
  leia: { configId: 'c1', name: 'LEIA one', mode: 'standard' },
  joinedAt: iso(),
  messages: 0,
  lastActivityAt: iso(),
  elicited: null,
  handedIn: false,
  handedInAt: null,
  autoHandedIn: false,
  endsAt: iso(10 * 60_000),
  ...over,
});
const detail = (over: Partial<ClassSessionDetail> = {}): ClassSessionDetail => ({
  id: 'cs-1',
  experimentId: 'e-1',
  name: 'Week 1',
  code: 'ABCDEF',
  joinPath: '/join/ABCDEF',
  status: 'open',
  createdAt: iso(),
  endsAt: iso(10 * 60_000),
  closedAt: null,
  settings: { allowRejoin: false, showReport: true, showSolution: false, identity: 'name' },
  counts: { students: 0, handedIn: 0 },
  experimentName: 'Activity',
  leias: [],
  students: [],
  serverNow: iso(),
  ...over,
});
/** A session's summary (what `session` events and the actions answer): no rows. */
const summary = (d: ClassSessionDetail) => {
  const { experimentName: _n, leias: _l, students: _s, serverNow: _t, ...rest } = d;
  return rest;
};
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const message = (text: string, isLeia: boolean, offset = 0) => ({ text, isLeia, timestamp: iso(offset) });

function start(options: { conversation?: StudentConversation } = {}) {
  const watches: { studentId: string | null; send: (event: LiveMachineEvent) => void; stopped: boolean }[] =
    [];
  const notes: string[] = [];
  const copies: CopyParams[] = [];
  const logic = classLiveMachine.provide({
    actors: {
      watch: fromCallback(({ input, sendBack }) => {
        const watch = {
          studentId: (input as { studentId: string | null }).studentId,
          send: sendBack,
          stopped: false,
        };
        watches.push(watch);
        return () => {
          watch.stopped = true;
        };
      }),
      loadConversation: fromPromise(async () => options.conversation ?? new Promise<never>(() => {})),
      extend: fromPromise(async ({ input }) => ({
        ...summary(detail()),
        endsAt: iso((10 + input.minutes) * 60_000),
      })),
      close: fromPromise(
        async (): Promise<ClassSessionSummary> => ({
          ...summary(detail()),
          status: 'closed',
          closedAt: iso(),
        }),
      ),
      clock: fromCallback(() => () => {}),
    },
    actions: {
      notify: (_, { message: text }) => void notes.push(text),
      copy: (_, params) => void copies.push(params),
    },
  });
  const actor = createActor(logic, { input: { sessionId: 'cs-1' } }).start();
  const current = () => watches.filter((watch) => !watch.stopped).at(-1)!;
  const live = (event: LiveMachineEvent extends infer E ? E : never) =>
    current().send(event as LiveMachineEvent);
  return { actor, watches, notes, copies, current, live };
}

describe('class live machine', () => {
  it('shows the snapshot, then applies student and session events as they come', () => {
    const { actor, live } = start();
    expect(liveFace(actor.getSnapshot())).toBe('loading');
    live({ type: 'live.event', event: { event: 'snapshot', data: detail() }, receivedAt: NOW });
    expect(liveFace(actor.getSnapshot())).toBe('live');
    live({ type: 'live.event', event: { event: 'student', data: row('a') }, receivedAt: NOW });
    live({ type: 'live.event', event: { event: 'student', data: row('b') }, receivedAt: NOW });
    live({
      type: 'live.event',
      event: { event: 'student', data: row('a', { messages: 2 }) },
      receivedAt: NOW,
    });
    expect(actor.getSnapshot().context.detail?.students.map((r) => [r.studentId, r.messages])).toEqual([
      ['a', 2],
      ['b', 0],
    ]);
    live({
      type: 'live.event',
      event: { event: 'session', data: { ...summary(detail()), counts: { students: 2, handedIn: 0 } } },
      receivedAt: NOW,
    });
    expect(actor.getSnapshot().context.detail?.counts.students).toBe(2);
    expect(actor.getSnapshot().context.detail?.students).toHaveLength(2);
    actor.send({ type: 'clock.tick', now: NOW + 60_000 });
    expect(rowTimeLeft(actor.getSnapshot(), row('a'))).toBe('9 minutes');
  });

  it('a lost stream reconnects after a pause; a refused one fails', async () => {
    vi.useFakeTimers();
    try {
      const { actor, watches, live } = start();
      live({ type: 'live.lost' });
      expect(actor.getSnapshot().hasTag('reconnecting')).toBe(true);
      await vi.advanceTimersByTimeAsync(RECONNECT_MS);
      expect(watches.filter((watch) => !watch.stopped)).toHaveLength(1);
      expect(watches).toHaveLength(2);
      live({ type: 'live.lost', error: { status: 404 } });
      expect(liveFace(actor.getSnapshot())).toBe('failed');
    } finally {
      vi.useRealTimers();
    }
  });

  it("opening a student's conversation watches again with the student, loads it, and adds live messages once", async () => {
    const { actor, watches, live } = start({
      conversation: { student: row('a'), conversation: [message('Hi', false)], draft: '', handIn: null },
    });
    live({
      type: 'live.event',
      event: { event: 'snapshot', data: detail({ students: [row('a')] }) },
      receivedAt: NOW,
    });
    actor.send({ type: 'student.open', studentId: 'a' });
    expect(watches.at(-1)?.studentId).toBe('a');
    expect(selectedRow(actor.getSnapshot())?.studentId).toBe('a');
    await flush();
    live({
      type: 'live.event',
      event: { event: 'message', data: { studentId: 'a', message: message('Hi', false) } },
      receivedAt: NOW,
    });
    live({
      type: 'live.event',
      event: { event: 'message', data: { studentId: 'a', message: message('Hello', true, 1000) } },
      receivedAt: NOW,
    });
    live({
      type: 'live.event',
      event: { event: 'message', data: { studentId: 'b', message: message('Other', false) } },
      receivedAt: NOW,
    });
    expect(actor.getSnapshot().context.conversation.map((m) => m.text)).toEqual(['Hi', 'Hello']);
    actor.send({ type: 'student.close' });
    expect(watches.at(-1)?.studentId).toBeNull();
    expect(actor.getSnapshot().context.selected).toBeNull();
  });

  it('extends by a valid number of minutes, refusing others; closes after confirming', async () => {
    const { actor, notes, live } = start();
    live({ type: 'live.event', event: { event: 'snapshot', data: detail() }, receivedAt: NOW });
    actor.send({ type: 'extend.open' });
    actor.send({ type: 'extend.change', value: '0' });
    actor.send({ type: 'extend.submit' });
    expect(actor.getSnapshot().context.actionError).toBe(CLASS_TEXTS.extension);
    actor.send({ type: 'extend.change', value: '10' });
    actor.send({ type: 'extend.submit' });
    await flush();
    expect(actor.getSnapshot().context.detail?.endsAt).toBe(iso(20 * 60_000));
    expect(notes).toEqual([CLASS_TEXTS.extended(10)]);
    actor.send({ type: 'close.request' });
    actor.send({ type: 'close.confirm' });
    await flush();
    expect(actor.getSnapshot().context.detail?.status).toBe('closed');
    expect(actor.getSnapshot().can(extendTime.event())).toBe(false);
    expect(reasonOf(actor.getSnapshot(), extendTime)).toBe(CLASS_TEXTS.alreadyClosed);
    actor.send({ type: 'extend.open' });
    expect(actor.getSnapshot().matches({ action: 'Idle' })).toBe(true);
  });

  it('copies and shows the code only once the session is loaded', () => {
    const { actor, copies, live } = start();
    for (const action of [copyCode, copyJoinLink, showCode, extendTime, closeSession]) {
      expect(actor.getSnapshot().can(action.event())).toBe(false);
      expect(reasonOf(actor.getSnapshot(), action)).toBe(LIVE_TEXTS.notLoaded);
      actor.send(action.event());
    }
    expect(copies).toEqual([]);
    expect(actor.getSnapshot().context.projector).toBe(false);
    expect(actor.getSnapshot().matches({ action: 'Idle' })).toBe(true);
    live({ type: 'live.event', event: { event: 'snapshot', data: detail() }, receivedAt: NOW });
    for (const action of [copyCode, copyJoinLink, showCode]) {
      expect(actor.getSnapshot().can(action.event())).toBe(true);
      actor.send(action.event());
    }
    expect(copies).toEqual([
      { what: 'code', value: 'ABCDEF' },
      { what: 'link', value: '/join/ABCDEF' },
    ]);
    expect(actor.getSnapshot().context.projector).toBe(true);
  });

  it('extends only an open session with a time limit; closes only an open one', () => {
    const { actor, live } = start();
    live({
      type: 'live.event',
      event: { event: 'snapshot', data: detail({ endsAt: null }) },
      receivedAt: NOW,
    });
    expect(actor.getSnapshot().can(extendTime.event())).toBe(false);
    expect(reasonOf(actor.getSnapshot(), extendTime)).toBe(CLASS_TEXTS.noDeadline);
    actor.send(extendTime.event());
    expect(actor.getSnapshot().matches({ action: 'Idle' })).toBe(true);
    expect(actor.getSnapshot().can(closeSession.event())).toBe(true);
    live({
      type: 'live.event',
      event: { event: 'session', data: { ...summary(detail()), status: 'closed' } },
      receivedAt: NOW,
    });
    expect(actor.getSnapshot().can(closeSession.event())).toBe(false);
    expect(reasonOf(actor.getSnapshot(), closeSession)).toBe(CLASS_TEXTS.alreadyClosed);
    actor.send(closeSession.event());
    expect(actor.getSnapshot().matches({ action: 'Idle' })).toBe(true);
  });
});
