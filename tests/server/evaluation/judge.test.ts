import { evaluateConversation } from '@server/evaluation/evaluate';
import { createEvaluationModel, type EvaluationModel } from '@server/evaluation/model';
import { evaluationReportSchema } from '@shared/schemas/evaluation';
import { type FakeOpenAI, startFakeOpenAI } from '../../support/fake-openai';

/** The judge path against a real loopback server speaking the OpenAI protocol. */

const SOLUTION = 'classDiagram\n class Member\n class Booking\n Member "1" --> "0..*" Booking : makes';
const MESSAGES = [
  { text: 'Who uses the library?', isLeia: false },
  { text: 'Our members, mostly students.', isLeia: true },
  { text: 'How do they reserve rooms?', isLeia: false },
  { text: 'A member makes bookings at the desk, and we also lend laptops.', isLeia: true },
];
const INPUT = { solution: SOLUTION, solutionFormat: 'mermaid' as const, messages: MESSAGES };

const GOOD_ANSWER = {
  elements: [
    { id: 'e1', status: 'revealed', turn: 1, unprompted: false },
    { id: 'e2', status: 'revealed', turn: 2, unprompted: false },
    { id: 'e3', status: 'partly', turn: 2, unprompted: true },
  ],
  comments: [
    { theme: 'question-formulation', comment: 'Good open questions.' },
    { theme: 'teamwork-and-planning', comment: 'No summary at the end.' },
  ],
};

let fake: FakeOpenAI;
let model: EvaluationModel;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  model = createEvaluationModel({
    provider: 'openai-compatible',
    baseUrl: fake.url,
    model: 'judge-model',
    timeoutMs: 2000,
  })!;
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

it('is only created for a connected model', () => {
  expect(createEvaluationModel({ provider: 'simulator', timeoutMs: 1000 })).toBeUndefined();
  expect(model.model).toBe('judge-model');
});

it('asks for structured output and reports what the model decided, with evidence and comments', async () => {
  fake.setScript({ kind: 'json', value: GOOD_ANSWER });
  const report = await evaluateConversation(INPUT, { model });
  expect(evaluationReportSchema.parse(report)).toEqual(report);
  expect(report).toMatchObject({ method: 'judge', model: 'judge-model', halfTurn: 2 });
  expect(report.fallback).toBeUndefined();
  expect(report.elements.map((e) => [e.id, e.status, e.turn, e.unprompted])).toEqual([
    ['e1', 'revealed', 1, false],
    ['e2', 'revealed', 2, false],
    ['e3', 'partly', 2, true],
  ]);
  expect(report.elements[1]?.evidence).toBe('A member makes bookings at the desk, and we also lend laptops.');
  expect(report.leaks.unprompted).toEqual(['e3']);
  expect(report.interviewer.comments).toEqual(GOOD_ANSWER.comments);
  expect(report.coverage).toMatchObject({ revealed: 2, partly: 1, total: 3 });
  expect(report.notes[0]).toContain('Judged by the language model judge-model');

  const [request] = fake.requests;
  expect(request?.body.response_format?.type).toBe('json_schema');
  const prompt = JSON.stringify(request?.body.messages);
  expect(prompt).toContain('e3 [relationship] Member \\"1\\" --> \\"0..*\\" Booking : makes');
  expect(prompt).toContain('LEIA (turn 2): A member makes bookings');
  expect(prompt).toContain('question-formulation');
});

it('counts elements the model left out as not revealed', async () => {
  fake.setScript({ kind: 'json', value: { elements: [GOOD_ANSWER.elements[0]], comments: [] } });
  const report = await evaluateConversation(INPUT, { model });
  expect(report.method).toBe('judge');
  expect(report.elements.map((e) => e.status)).toEqual(['revealed', 'not', 'not']);
});

describe('falls back to offline matching, and says so', () => {
  it.each([
    [
      'a malformed answer',
      { kind: 'reply', text: 'I think most things were revealed.' },
      'its answer was not the JSON asked for',
    ],
    [
      'an answer of the wrong shape',
      { kind: 'json', value: { verdict: 'good' } },
      'its answer was not the JSON asked for',
    ],
    [
      'an element that does not exist',
      {
        kind: 'json',
        value: { elements: [{ id: 'e9', status: 'revealed', turn: 1, unprompted: false }], comments: [] },
      },
      'it named an element that does not exist (e9)',
    ],
    [
      'a turn that does not exist',
      {
        kind: 'json',
        value: { elements: [{ id: 'e1', status: 'revealed', turn: 7, unprompted: false }], comments: [] },
      },
      'it gave element e1 a turn that does not exist (7)',
    ],
    ['a server error', { kind: 'error', status: 500 }, 'the language model server answered HTTP 500'],
  ] as const)('on %s', async (_, reply, reason) => {
    fake.setScript(reply);
    const report = await evaluateConversation(INPUT, { model });
    expect(evaluationReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({ method: 'offline', fallback: reason });
    expect(report.notes).toContain(
      `The language model could not judge this conversation (${reason}); offline matching was used instead.`,
    );
    expect(report.elements.map((e) => e.status)).toEqual(['revealed', 'revealed', 'revealed']);
    expect(report.leaks.unprompted).toBeNull();
  });

  it('when the model does not answer in time', async () => {
    const slow = createEvaluationModel({
      provider: 'openai-compatible',
      baseUrl: fake.url,
      model: 'judge-model',
      timeoutMs: 100,
      totalTimeoutMs: 200,
    })!;
    fake.setScript({ kind: 'hang' });
    const report = await evaluateConversation(INPUT, { model: slow });
    expect(report.fallback).toBe('the language model did not answer within 0.2 s');
  });

  it('when the model server is down', async () => {
    await fake.stop();
    try {
      const report = await evaluateConversation(INPUT, { model });
      expect(report.fallback).toBe(`the language model server at ${fake.url} could not be reached`);
    } finally {
      await fake.start();
    }
  });
});

it('uses offline matching when asked to, or when no model is connected; a judge needs a model', async () => {
  expect((await evaluateConversation(INPUT, { model, method: 'offline' })).method).toBe('offline');
  expect((await evaluateConversation(INPUT, {})).method).toBe('offline');
  expect(fake.requests).toHaveLength(0);
  await expect(evaluateConversation(INPUT, { method: 'judge' })).rejects.toMatchObject({
    kind: 'invalid',
    message: 'No language model is connected: use the offline method',
  });
});

it('stops when the caller goes away', async () => {
  fake.setScript({ kind: 'hang' });
  const controller = new AbortController();
  const evaluation = evaluateConversation(INPUT, { model, signal: controller.signal });
  evaluation.catch(() => {});
  await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
  controller.abort();
  await expect(evaluation).rejects.toMatchObject({ kind: 'aborted' });
  expect(await fake.requests[0]?.closed).toBe('client-closed');
});
