import { STYLE_PROMPTS } from '@server/evaluation/students/model';
import type { Evaluation } from '@shared/schemas/evaluation';
import { type Job, LEAK_CHECK_TEXTS, leakCheckResultSchema } from '@shared/schemas/leak-check';
import { type FakeOpenAI, startFakeOpenAI } from '../../support/fake-openai';
import { createTestApp, type TestApp, type TestUser } from '../helpers';
import { createLeia, createResource } from '../resource-helpers';
import { parseEvents, send, startSession } from '../runner-helpers';
import {
  created,
  evaluateSession,
  evaluateTranscription,
  getJob,
  libraryParts,
  startLeakCheck,
  waitForJob,
} from './helpers';
import { asksThenStops, leakCheckScript, partOf } from './model-script';

/**
 * Reports and leak checks with a connected model (the loopback OpenAI-protocol server). A report is
 * judged by the model, or made offline when its answer is unusable, and says which. In a leak check
 * the model answers as the LEIA, a second call plays the student, a third judges each interview;
 * and the job's life: progress events, cancel, failures, the limit of checks at once.
 */

let fake: FakeOpenAI;
let t: TestApp;
let user: TestUser;
let leiaId: string;

const BEHAVIOUR_PROMPT = 'You are the head librarian. Answer briefly.';

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp({
    llm: { provider: 'openai-compatible', baseUrl: fake.url, model: 'fake', timeoutMs: 2000 },
  });
  user = await t.createUser('advanced');
  const behaviour = await createResource(t, user.token, 'behaviour', {
    apiVersion: 'v1',
    metadata: { name: `Librarian behaviour ${process.pid}`, version: '1.0.0' },
    spec: { description: BEHAVIOUR_PROMPT, role: 'interviewee', process: ['requirements-elicitation'] },
  });
  leiaId = (await createLeia(t, user.token, await libraryParts(t, user.token, behaviour))).id;
});
afterEach(async () => {
  await t.app.ctx.services.leakChecks.idle();
  fake.reset();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const start = async (payload: object) => {
  const response = await startLeakCheck(t, user.token, leiaId, payload);
  if (response.statusCode !== 202) throw new Error(`start failed: ${response.statusCode} ${response.body}`);
  return response.json<Job>();
};

describe('a report', () => {
  const transcription = {
    messages: [
      { text: 'What do you keep about members?', timestamp: '2024-01-31T09:30:00Z', isLeia: false },
      {
        text: 'Each member has a card number and an email.',
        timestamp: '2024-01-31T09:30:05Z',
        isLeia: true,
      },
    ],
  };

  it('of a chat is judged by the model, stored, and says so', async () => {
    const sessionId = await startSession(t, user.token, { leia: leiaId });
    fake.setScript({ kind: 'reply', text: 'Each member has a card number.' });
    expect((await send(t, user.token, sessionId, 'What about members?')).statusCode).toBe(200);
    fake.setScript({
      kind: 'json',
      value: {
        elements: [{ id: 'e1', status: 'revealed', turn: 1, unprompted: false }],
        comments: [{ theme: 'question-omission', comment: 'Never asked about rooms.' }],
      },
    });
    const evaluation = created(await evaluateSession(t, user.token, sessionId));
    expect(evaluation.report).toMatchObject({ method: 'judge', model: 'fake' });
    expect(evaluation.report.elements[0]).toMatchObject({ label: 'Member', status: 'revealed', turn: 1 });
    expect(evaluation.report.interviewer.comments).toEqual([
      { theme: 'question-omission', comment: 'Never asked about rooms.' },
    ]);
    const list = await t.request({
      method: 'GET',
      url: `/api/v1/runner/${sessionId}/evaluations`,
      token: user.token,
    });
    expect(list.json<Evaluation[]>()[0]).toEqual(evaluation);
    // Asked for offline: no model call.
    const requests = fake.requests.length;
    const offline = created(await evaluateSession(t, user.token, sessionId, { method: 'offline' }));
    expect(offline.report.method).toBe('offline');
    expect(fake.requests).toHaveLength(requests);
  });

  it('falls back to offline matching on a malformed answer, and the stored report says why', async () => {
    fake.setScript({ kind: 'reply', text: 'Looks fine to me.' });
    const evaluation = created(
      await evaluateTranscription(t, user.token, { leia: leiaId, ...transcription }),
    );
    expect(evaluation.report).toMatchObject({
      method: 'offline',
      fallback: 'its answer was not the JSON asked for',
    });
    const read = await t.request({
      method: 'GET',
      url: `/api/v1/evaluations/${evaluation.id}`,
      token: user.token,
    });
    expect(read.json<Evaluation>().report.notes).toContain(
      'The language model could not judge this conversation (its answer was not the JSON asked for); offline matching was used instead.',
    );
  });
});

it('lets the model play the student until its stop token, and judge every interview', async () => {
  fake.setScript(
    leakCheckScript({
      student: asksThenStops(2),
      judge: {
        kind: 'json',
        value: { elements: [{ id: 'e1', status: 'revealed', turn: 1, unprompted: true }], comments: [] },
      },
    }),
  );
  const job = await waitForJob(t, user.token, (await start({ runs: 1, maxTurns: 5 })).id);
  expect(job).toMatchObject({ status: 'completed', progress: { done: 15, total: 15 } });
  const result = leakCheckResultSchema.parse(job.result);
  for (const style of result.styles) {
    expect(style.runs[0]).toMatchObject({ turns: 2, method: 'judge', unprompted: 1, halfTurn: null });
    // Stopped after two questions: the curve stays where it was.
    expect(style.runs[0]?.coverage.slice(1)).toEqual(Array(5).fill(style.runs[0]?.coverage[1]));
    expect(style.unpromptedShare).toBeGreaterThan(0);
  }

  const students = fake.requests.filter((request) => partOf(request) === 'student');
  expect(students).toHaveLength(9);
  for (const style of ['naive', 'systematic', 'pushy'] as const) {
    expect(
      students.some((request) =>
        JSON.stringify(request.body.messages).includes(STYLE_PROMPTS[style].slice(0, 40)),
      ),
    ).toBe(true);
  }
  const leia = fake.requests.filter((request) => partOf(request) === 'leia');
  expect(leia).toHaveLength(6);
  expect(leia[0]?.body.messages?.[0]).toEqual({ role: 'system', content: BEHAVIOUR_PROMPT });
  expect(leia[0]?.body.messages?.at(-1)).toEqual({
    role: 'user',
    content: 'Question 1: what do you keep about members?',
  });
  expect(fake.requests.filter((request) => partOf(request) === 'judge')).toHaveLength(3);
});

it('falls back to offline matching for an interview the judge cannot read, and says so', async () => {
  fake.setScript(leakCheckScript({ student: asksThenStops(1), judge: { kind: 'reply', text: 'All good!' } }));
  const job = await waitForJob(t, user.token, (await start({ runs: 1, maxTurns: 2, styles: ['naive'] })).id);
  expect(job.result?.styles[0]?.runs[0]).toMatchObject({
    method: 'offline',
    fallback: 'its answer was not the JSON asked for',
    unprompted: null,
  });
});

it('streams its progress as server-sent events, then the finished job', async () => {
  fake.setScript(
    leakCheckScript({
      student: asksThenStops(9),
      leia: { kind: 'reply', text: 'Members have cards.', delayMs: 60 },
    }),
  );
  const job = await start({ runs: 1, maxTurns: 4, styles: ['systematic'] });
  const response = await t.request({
    method: 'GET',
    url: `/api/v1/jobs/${job.id}/events`,
    token: user.token,
  });
  expect(response.headers['content-type']).toContain('text/event-stream');
  const events = parseEvents(response.body);
  const progress = events.filter((event) => event.event === 'progress').map((event) => event.data);
  expect(progress.length).toBeGreaterThanOrEqual(3);
  const done = progress.map((event) => (event.progress as { done: number }).done);
  expect(done).toEqual([...done].sort((a, b) => a - b));
  expect(done).toContain(2);
  expect(events.at(-1)).toMatchObject({
    event: 'done',
    data: { id: job.id, status: 'completed', progress: { done: 4, total: 4 } },
  });
  expect(events.filter((event) => event.event === 'done')).toHaveLength(1);
});

it('never moves the bar back, although the stored row lags behind the announced progress', async () => {
  // Long enough for the stream's poll of the row (every second) to read a row written up to
  // 500 ms before the latest announced turn.
  fake.setScript(
    leakCheckScript({
      student: asksThenStops(20),
      leia: { kind: 'reply', text: 'Members have cards.', delayMs: 150 },
    }),
  );
  const job = await start({ runs: 1, maxTurns: 12, styles: ['systematic'] });
  const response = await t.request({
    method: 'GET',
    url: `/api/v1/jobs/${job.id}/events`,
    token: user.token,
  });
  const events = parseEvents(response.body);
  const steps = events
    .filter((event) => event.event === 'progress')
    .map((event) => ({ status: event.data.status, done: (event.data.progress as { done: number }).done }));
  const done = steps.map((step) => step.done);
  expect(done.length).toBeGreaterThanOrEqual(6);
  expect(done).toEqual([...done].sort((a, b) => a - b));
  // Each event moves the bar on, or says the job changed state (queued, then running, at the same 0).
  for (const [i, step] of steps.entries())
    if (i > 0) expect(step.done > steps[i - 1]!.done || step.status !== steps[i - 1]!.status).toBe(true);
  expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
});

it('can be cancelled: the model call stops and the job stays cancelled', async () => {
  fake.setScript(leakCheckScript({ leia: { kind: 'hang' } }));
  const job = await start({ runs: 1, maxTurns: 3, styles: ['pushy'] });
  await waitForJob(t, user.token, job.id, (current) => current.status === 'running');
  await vi.waitFor(() => expect(fake.requests.some((request) => partOf(request) === 'leia')).toBe(true));
  const cancel = await t.request({ method: 'POST', url: `/api/v1/jobs/${job.id}/cancel`, token: user.token });
  expect(cancel.statusCode).toBe(200);
  expect(cancel.json<Job>()).toMatchObject({ status: 'cancelled', result: null, error: null });
  const leia = fake.requests.find((request) => partOf(request) === 'leia')!;
  expect(await leia.closed).toBe('client-closed');
  await t.app.ctx.services.leakChecks.idle();
  expect((await getJob(t, user.token, job.id)).status).toBe('cancelled');
  const events = parseEvents(
    (await t.request({ method: 'GET', url: `/api/v1/jobs/${job.id}/events`, token: user.token })).body,
  );
  expect(events).toEqual([{ event: 'done', data: expect.objectContaining({ status: 'cancelled' }) }]);
});

it('fails with the reason when the model fails', async () => {
  fake.setScript(leakCheckScript({ leia: { kind: 'error', status: 500, message: 'out of memory' } }));
  const leiaFailed = await waitForJob(
    t,
    user.token,
    (await start({ runs: 1, maxTurns: 2, styles: ['naive'] })).id,
  );
  expect(leiaFailed).toMatchObject({ status: 'failed', result: null });
  expect(leiaFailed.error).toMatch(/^The language model server answered HTTP 500/);

  fake.setScript(leakCheckScript({ student: () => ({ kind: 'error', status: 503 }) }));
  const studentFailed = await waitForJob(
    t,
    user.token,
    (await start({ runs: 1, maxTurns: 2, styles: ['naive'] })).id,
  );
  expect(studentFailed.error).toBe(
    LEAK_CHECK_TEXTS.studentFailed('the language model server answered HTTP 503'),
  );
});

it('runs at most two checks of one user at once', async () => {
  fake.setScript(leakCheckScript({ leia: { kind: 'hang' } }));
  const first = await start({ runs: 1, maxTurns: 2, styles: ['naive'] });
  const second = await start({ runs: 1, maxTurns: 2, styles: ['naive'] });
  const third = await startLeakCheck(t, user.token, leiaId, { runs: 1, maxTurns: 2 });
  expect(third.statusCode).toBe(409);
  expect(third.json()).toEqual({ message: LEAK_CHECK_TEXTS.tooManyJobs(2) });
  for (const job of [first, second]) {
    await t.request({ method: 'POST', url: `/api/v1/jobs/${job.id}/cancel`, token: user.token });
  }
  expect((await startLeakCheck(t, user.token, leiaId, { runs: 1, maxTurns: 2 })).statusCode).toBe(202);
  const [latest] = (
    await t.request({ method: 'GET', url: `/api/v1/leias/${leiaId}/leak-checks`, token: user.token })
  ).json<Job[]>();
  await t.request({ method: 'POST', url: `/api/v1/jobs/${latest!.id}/cancel`, token: user.token });
});
