import { STUDENT_FLOW_TEXTS, type StudentIo } from '@machines/classStudent/contract';
import { classStudentMachine, DRAFT_DEBOUNCE_MS } from '@machines/classStudent/machine';
import {
  chatFailedNotice,
  draftStatus,
  joinStep,
  studentFace,
  timeLeftLabel,
} from '@machines/classStudent/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import type { JoinInfo, StudentView } from '@shared/schemas/class-sessions';
import { createActor, fromCallback, fromPromise } from 'xstate';

/** The student's flow one step at a time (its paths: ./classStudent.paths.test.ts). */

const NOW = Date.parse('2026-01-01T10:00:00.000Z');
const view = (over: Partial<StudentView> = {}): StudentView => ({
  studentId: 'st-1',
  displayName: 'Ada',
  sessionName: 'Week 1',
  state: 'active',
  endsAt: new Date(NOW + 10 * 60_000).toISOString(),
  serverNow: new Date(NOW).toISOString(),
  leia: { personaName: 'Grace' },
  instructions: 'Design a library',
  mode: 'standard',
  transcript: null,
  conversation: [],
  solutionFormat: 'mermaid',
  draft: '',
  handedIn: false,
  afterHandIn: null,
  ...over,
});
const info: JoinInfo = { code: 'ABCDEF', sessionName: 'Week 1', identity: 'name' };
const loaded = (v: StudentView) => ({ view: v, receivedAt: NOW });
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const failure = (status?: number, message?: string) => ({ status, message });

type Fakes = { [K in keyof StudentIo]?: (input: StudentIo[K]['input']) => Promise<StudentIo[K]['output']> };

function start(fakes: Fakes, input: { code?: string; resumeToken?: string } = {}) {
  const calls: { name: string; input: unknown }[] = [];
  const actor = (name: keyof StudentIo) =>
    fromPromise(async ({ input: given }: { input: unknown }) => {
      calls.push({ name, input: given });
      const fake = fakes[name] as ((input: unknown) => Promise<unknown>) | undefined;
      return fake ? fake(given) : new Promise(() => {});
    });
  const logic = classStudentMachine.provide({
    actors: {
      loadMe: actor('loadMe'),
      resume: actor('resume'),
      joinInfo: actor('joinInfo'),
      join: actor('join'),
      reply: actor('reply'),
      saveDraft: actor('saveDraft'),
      handIn: actor('handIn'),
      loadReport: actor('loadReport'),
      clock: fromCallback(() => () => {}),
      sessionEvents: fromCallback(() => () => {}),
    } as never,
  });
  const ref = createActor(logic, { input }).start();
  return { actor: ref, calls };
}

describe('class student machine', () => {
  it('resumes by the cookie: the view is shown without a join', async () => {
    const { actor } = start({ loadMe: async () => loaded(view()) });
    await flush();
    expect(studentFace(actor.getSnapshot())).toBe('active');
    expect(timeLeftLabel(actor.getSnapshot())).toBe('10 minutes');
  });

  it('joins by code: the code is looked up, then the name is asked, then the session opens with the resume link', async () => {
    const { actor, calls } = start({
      loadMe: async () => Promise.reject(failure(404)),
      joinInfo: async () => info,
      join: async () => ({ ...loaded(view()), resumePath: '/resume#tok' }),
    });
    await flush();
    expect(studentFace(actor.getSnapshot())).toBe('join');
    actor.send({ type: 'join.submitCode' });
    expect(actor.getSnapshot().context.fieldErrors.code).toBe(CLASS_TEXTS.codeRequired);
    actor.send({ type: 'join.change', field: 'code', value: 'abc-def' });
    actor.send({ type: 'join.submitCode' });
    await flush();
    expect(joinStep(actor.getSnapshot())).toBe('details');
    actor.send({ type: 'join.change', field: 'displayName', value: '  Ada ' });
    actor.send({ type: 'join.submit' });
    await flush();
    expect(calls.find((call) => call.name === 'join')?.input).toEqual({ code: 'ABCDEF', displayName: 'Ada' });
    expect(studentFace(actor.getSnapshot())).toBe('active');
    expect(actor.getSnapshot().context.resumePath).toBe('/resume#tok');
    actor.send({ type: 'resume.dismiss' });
    expect(actor.getSnapshot().context.resumePath).toBeNull();
  });

  it('a join link goes straight to the name; an unknown code is said on the code field', async () => {
    const { actor } = start(
      {
        loadMe: async () => Promise.reject(failure(404)),
        joinInfo: async () => Promise.reject(failure(404)),
      },
      { code: 'ZZZZZZ' },
    );
    await flush();
    expect(joinStep(actor.getSnapshot())).toBe('code');
    expect(actor.getSnapshot().context.fieldErrors.code).toBe(CLASS_TEXTS.codeUnknown);
  });

  it('a closed session refuses the join above the form; a missing name is said on its field', async () => {
    let answer = failure(409, CLASS_TEXTS.sessionClosed);
    const { actor } = start(
      {
        loadMe: async () => Promise.reject(failure(404)),
        joinInfo: async () => info,
        join: async () => Promise.reject(answer),
      },
      { code: 'ABCDEF' },
    );
    await flush();
    actor.send({ type: 'join.submit' });
    await flush();
    expect(actor.getSnapshot().context.formError).toBe(CLASS_TEXTS.sessionClosed);
    answer = failure(400, CLASS_TEXTS.displayNameRequired);
    actor.send({ type: 'join.submit' });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors.displayName).toBe(CLASS_TEXTS.displayNameRequired);
    expect(actor.getSnapshot().context.focus).toEqual({ field: 'displayName' });
  });

  it('streams a reply, stops it keeping the text, and retries a failed one without adding the message twice', async () => {
    let fail = false;
    const deltas: ((text: string) => void)[] = [];
    const { actor, calls } = start({
      loadMe: async () => loaded(view()),
      reply: (input) => {
        deltas.push(input.onDelta);
        return fail ? Promise.reject(failure(502)) : new Promise(() => {});
      },
    });
    await flush();
    actor.send({ type: 'chat.send', text: 'Hello' });
    await flush();
    deltas[0]!('Hi ');
    deltas[0]!('there');
    expect(actor.getSnapshot().context.partial).toBe('Hi there');
    actor.send({ type: 'chat.stop' });
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({ text: 'Hi there', stopped: true });
    fail = true;
    actor.send({ type: 'chat.send', text: 'Again' });
    await flush();
    expect(chatFailedNotice(actor.getSnapshot())).toBe(STUDENT_FLOW_TEXTS.failedSend);
    actor.send({ type: 'chat.retry' });
    await flush();
    expect(
      calls.filter((call) => call.name === 'reply').map((call) => (call.input as { text: string }).text),
    ).toEqual(['Hello', 'Again', 'Again']);
    expect(actor.getSnapshot().context.messages.filter((m) => m.text === 'Again')).toHaveLength(1);
    await flush();
    // After a failure, another message may be sent instead: the unanswered one stays.
    actor.send({ type: 'chat.send', text: 'Something else' });
    expect(actor.getSnapshot().context.pending).toBe('Something else');
    expect(
      actor
        .getSnapshot()
        .context.messages.map((m) => m.text)
        .slice(-2),
    ).toEqual(['Again', 'Something else']);
  });

  it("'The session has ended' from a message loads the view again: the auto hand-in is shown", async () => {
    let me = view();
    const { actor } = start({
      loadMe: async () => loaded(me),
      reply: async () => Promise.reject(failure(409, CLASS_TEXTS.ended)),
    });
    await flush();
    me = view({
      state: 'ended',
      handedIn: true,
      afterHandIn: { handIn: 'x', handedInAt: view().serverNow, auto: true },
    });
    actor.send({ type: 'chat.send', text: 'Hello' });
    await flush();
    await flush();
    expect(studentFace(actor.getSnapshot())).toBe('after');
  });

  it('saves the draft once typing pauses, then hands it in', async () => {
    vi.useFakeTimers();
    try {
      const saved: string[] = [];
      const { actor, calls } = start({
        loadMe: async () => loaded(view()),
        saveDraft: async ({ text }) => {
          saved.push(text);
          return { savedAt: view().serverNow };
        },
        handIn: async ({ text }) =>
          loaded(
            view({
              handedIn: true,
              draft: text,
              afterHandIn: { handIn: text, handedInAt: view().serverNow, auto: false },
            }),
          ),
      });
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'handIn.submit' });
      expect(actor.getSnapshot().context.handInError).toBe(CLASS_TEXTS.handInEmpty);
      actor.send({ type: 'draft.change', text: 'classDiagram' });
      await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS / 2);
      actor.send({ type: 'draft.change', text: 'classDiagram\n  A --> B' });
      await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS + 10);
      expect(saved).toEqual(['classDiagram\n  A --> B']);
      expect(draftStatus(actor.getSnapshot())).toBe(CLASS_TEXTS.draftSaved);
      actor.send({ type: 'handIn.submit' });
      await vi.advanceTimersByTimeAsync(0);
      expect(calls.find((call) => call.name === 'handIn')?.input).toEqual({
        text: 'classDiagram\n  A --> B',
      });
      expect(studentFace(actor.getSnapshot())).toBe('after');
    } finally {
      vi.useRealTimers();
    }
  });

  it("loads the student's own report after hand-in when the session shows reports, and retries a failed load", async () => {
    const report = {
      elicitation: null,
      grade: null,
      interviewer: {
        messages: 1,
        questions: 1,
        open: 1,
        closed: 0,
        openShare: 1,
        followUps: 0,
        summaries: 0,
        comments: null,
      },
    };
    const figures = { total: 5, present: 1, partly: 0, missing: 4, extra: 0 };
    let answers = [Promise.reject(failure(500, 'Down')), Promise.resolve(report)];
    answers[0]!.catch(() => {});
    const handedInView = (shown: boolean) =>
      view({
        handedIn: true,
        afterHandIn: {
          handIn: 'x',
          handedInAt: view().serverNow,
          auto: false,
          ...(shown && { report: { grade: 2, handIn: figures, elicited: null } }),
        },
      });
    const { actor, calls } = start({
      loadMe: async () => loaded(handedInView(true)),
      loadReport: () => answers.shift()!,
    });
    await flush();
    expect(actor.getSnapshot().matches({ Session: { After: 'ReportFailed' } })).toBe(true);
    expect(actor.getSnapshot().context.reportError).toBe('Down');
    actor.send({ type: 'report.retry' });
    await flush();
    expect(actor.getSnapshot().matches({ Session: { After: 'Shown' } })).toBe(true);
    expect(actor.getSnapshot().context.report).toEqual(report);
    expect(calls.filter((call) => call.name === 'loadReport')).toHaveLength(2);

    answers = [Promise.resolve(report)];
    const hidden = start({
      loadMe: async () => loaded(handedInView(false)),
      loadReport: () => answers.shift()!,
    });
    await flush();
    expect(hidden.actor.getSnapshot().matches({ Session: { After: 'Shown' } })).toBe(true);
    expect(hidden.calls.some((call) => call.name === 'loadReport')).toBe(false);
  });

  it('announces the time left at 5 and at 1 minutes, once each; at 0 it asks the server', async () => {
    const { actor, calls } = start({ loadMe: async () => loaded(view()) });
    await flush();
    actor.send({ type: 'clock.tick', now: NOW + 4 * 60_000 });
    expect(actor.getSnapshot().context.announcement).toBeNull();
    actor.send({ type: 'clock.tick', now: NOW + 5 * 60_000 });
    expect(actor.getSnapshot().context.announcement).toBe('5 minutes left');
    actor.send({ type: 'clock.tick', now: NOW + 9 * 60_000 + 30_000 });
    expect(actor.getSnapshot().context.announcement).toBe('1 minute left');
    expect(timeLeftLabel(actor.getSnapshot())).toBe('30 seconds');
    actor.send({ type: 'clock.tick', now: NOW + 10 * 60_000 });
    expect(calls.filter((call) => call.name === 'loadMe')).toHaveLength(2);
  });

  it('a transcription-mode session is read, not typed into', async () => {
    const { actor } = start({
      loadMe: async () => loaded(view({ mode: 'transcription', transcript: { link: 'https://x' } })),
    });
    await flush();
    expect(actor.getSnapshot().matches({ Session: { Active: { chat: 'Reading' } } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'chat.send', text: 'hi' })).toBe(false);
  });

  it('a resume link that is refused leads to the join form saying so', async () => {
    const { actor, calls } = start(
      { resume: async () => Promise.reject(failure(404)) },
      { resumeToken: 'bad' },
    );
    await flush();
    expect(calls[0]).toEqual({ name: 'resume', input: { token: 'bad' } });
    expect(studentFace(actor.getSnapshot())).toBe('join');
    expect(actor.getSnapshot().context.formError).toBe(CLASS_TEXTS.resumeInvalid);
  });
});
