import { gradeHandIn } from '@server/evaluation/grade';
import { GRADE_JUDGE_SYSTEM } from '@server/evaluation/grade-judge';
import { createEvaluationModel, type EvaluationModel } from '@server/evaluation/model';
import { applyOverride } from '@shared/evaluation/grading-override';
import { GRADING_TEXTS, handInGradeSchema } from '@shared/schemas/grading';
import { type FakeOpenAI, startFakeOpenAI } from '../../support/fake-openai';

/** Grading a hand-in with a judge model, against a real loopback server speaking the OpenAI protocol. */

const SOLUTION = `classDiagram
  class Member {
    String email
  }
  class Booking
  Member "1" --> "0..*" Booking : makes`;
const HAND_IN = `classDiagram
  class Member {
    String mail
  }
  class Reservation
  class Shelf
  Member --> Reservation : makes`;
const INPUT = { solution: SOLUTION, solutionFormat: 'mermaid' as const, handIn: HAND_IN };

/** Solution e1 Member, e2 Booking, e3 Member.email, e4 makes; hand-in h1 Member, h2 Reservation, h3 Shelf, h4 Member.mail, h5 makes. */
const GOOD_ANSWER = {
  elements: [
    { id: 'e1', status: 'present', evidence: ['h1'] },
    { id: 'e2', status: 'present', evidence: ['h2'] },
    { id: 'e3', status: 'partly', evidence: ['h4', 'h4'] },
    { id: 'e4', status: 'present', evidence: ['h5'] },
  ],
  wrong: [{ id: 'h3', reason: 'The library has no shelves in this problem.' }],
  feedback:
    'You found who books and what a booking is. Think again about what a member must give to be reached. Keep the diagram as tidy as it is. This fourth sentence is cut.',
};

let fake: FakeOpenAI;
let model: EvaluationModel;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  model = createEvaluationModel({
    provider: 'openai-compatible',
    baseUrl: fake.url,
    model: 'grade-model',
    timeoutMs: 2000,
  })!;
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

it('asks for structured output and grades by what the model decided, with evidence, wrong elements and feedback', async () => {
  fake.setScript({ kind: 'json', value: GOOD_ANSWER });
  const result = await gradeHandIn(INPUT, { model });
  expect(handInGradeSchema.parse(result)).toEqual(result);
  expect(result).toMatchObject({ method: 'judge', model: 'grade-model', counted: 'computed' });
  expect(result.fallback).toBeUndefined();
  expect(result.elements.map((e) => [e.label, e.status, e.evidence])).toEqual([
    ['Member', 'present', 'Member'],
    ['Booking', 'present', 'Reservation'],
    ['Member.email', 'partly', 'Member.mail'],
    ['Member "1" --> "0..*" Booking : makes', 'present', 'Member --> Reservation : makes'],
  ]);
  expect(result.extra).toEqual([
    { kind: 'class', label: 'Shelf', reason: 'The library has no shelves in this problem.' },
  ]);
  // The same formula as offline: (3 + 0.5) / 4 - 0.25 / 4.
  expect(result.figures).toMatchObject({ total: 4, present: 3, partly: 1, missing: 0, extra: 1 });
  expect(result.grade).toBe(8.1);
  expect(result.final).toBe(8.1);
  expect(result.feedback).toBe(
    'You found who books and what a booking is. Think again about what a member must give to be reached. Keep the diagram as tidy as it is.',
  );
  expect(result.notes[0]).toBe(GRADING_TEXTS.judgeMethod('grade-model'));
  expect(result.notes).not.toContain(GRADING_TEXTS.feedbackOffline);

  const [request] = fake.requests;
  expect(request?.body.response_format?.type).toBe('json_schema');
  const [system, user] = request?.body.messages ?? [];
  expect(system?.content).toBe(GRADE_JUDGE_SYSTEM);
  const prompt = String(user?.content);
  expect(prompt).toContain('e4 [relationship] Member "1" --> "0..*" Booking : makes (in Member)');
  expect(prompt).toContain('h3 [class] Shelf');
  expect(prompt).toContain(`The hand-in as written:\n${HAND_IN}`);
});

it('counts elements the model left out as missing', async () => {
  fake.setScript({ kind: 'json', value: { elements: [GOOD_ANSWER.elements[0]], wrong: [], feedback: '' } });
  const result = await gradeHandIn(INPUT, { model });
  expect(result.method).toBe('judge');
  expect(result.elements.map((e) => e.status)).toEqual(['present', 'missing', 'missing', 'missing']);
  expect(result.grade).toBe(2.5);
  expect(result.feedback).toBeUndefined();
});

it('keeps the computed grade beside an instructor’s override', async () => {
  fake.setScript({ kind: 'json', value: GOOD_ANSWER });
  const result = await gradeHandIn(INPUT, { model });
  const overridden = applyOverride(
    result,
    { grade: 6, comment: 'Reservation is not what we call it.' },
    { by: 'teacher', at: '2025-03-01T10:00:00Z' },
  );
  expect(handInGradeSchema.parse(overridden)).toMatchObject({
    method: 'judge',
    grade: 8.1,
    counted: 'override',
    final: 6,
  });
});

describe('falls back to the offline grade, and says so', () => {
  const element = (id: string, evidence: string[] = []) => ({ id, status: 'present', evidence });
  it.each([
    [
      'a malformed answer',
      { kind: 'reply', text: 'Quite good, 7/10.' },
      'its answer was not the JSON asked for',
    ],
    [
      'an answer of the wrong shape',
      { kind: 'json', value: { grade: 7 } },
      'its answer was not the JSON asked for',
    ],
    [
      'an element that does not exist',
      { kind: 'json', value: { elements: [element('e9')], wrong: [], feedback: '' } },
      'it named an element that does not exist (e9)',
    ],
    [
      'an element marked twice',
      { kind: 'json', value: { elements: [element('e1'), element('e1')], wrong: [], feedback: '' } },
      'it marked element e1 twice',
    ],
    [
      'evidence that does not exist',
      { kind: 'json', value: { elements: [element('e1', ['h9'])], wrong: [], feedback: '' } },
      'it cited a hand-in element that does not exist (h9)',
    ],
    [
      'a wrong element that does not exist',
      { kind: 'json', value: { elements: [], wrong: [{ id: 'e1', reason: 'x' }], feedback: '' } },
      'it cited a hand-in element that does not exist (e1)',
    ],
    [
      'a wrong element named twice',
      {
        kind: 'json',
        value: {
          elements: [],
          wrong: [
            { id: 'h3', reason: 'x' },
            { id: 'h3', reason: 'y' },
          ],
          feedback: '',
        },
      },
      'it named hand-in element h3 wrong twice',
    ],
    ['a server error', { kind: 'error', status: 500 }, 'the language model server answered HTTP 500'],
  ] as const)('on %s', async (_, reply, reason) => {
    fake.setScript(reply);
    const result = await gradeHandIn(INPUT, { model });
    expect(handInGradeSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({ method: 'offline', fallback: reason });
    expect(result.model).toBeUndefined();
    expect(result.feedback).toBeUndefined();
    expect(result.notes).toContain(
      `The language model could not grade this hand-in (${reason}); the offline comparison was used instead.`,
    );
    // Offline: Member is there, Member.mail is not Member.email, Reservation is not Booking.
    expect(result.elements.map((e) => e.status)).toEqual(['present', 'missing', 'missing', 'partly']);
  });

  it('when the model does not answer in time', async () => {
    const slow = createEvaluationModel({
      provider: 'openai-compatible',
      baseUrl: fake.url,
      model: 'grade-model',
      timeoutMs: 100,
      totalTimeoutMs: 200,
    })!;
    fake.setScript({ kind: 'hang' });
    const result = await gradeHandIn(INPUT, { model: slow });
    expect(result).toMatchObject({
      method: 'offline',
      fallback: 'the language model did not answer within 0.2 s',
    });
  });

  it('when the model server is down', async () => {
    await fake.stop();
    try {
      const result = await gradeHandIn(INPUT, { model });
      expect(result.fallback).toBe(`the language model server at ${fake.url} could not be reached`);
    } finally {
      await fake.start();
    }
  });
});

it('grades offline when asked to, when no model is connected, or when there is nothing to judge', async () => {
  expect((await gradeHandIn(INPUT, { model, method: 'offline' })).method).toBe('offline');
  expect((await gradeHandIn(INPUT, {})).method).toBe('offline');
  const empty = await gradeHandIn({ ...INPUT, handIn: '  ' }, { model });
  expect(empty).toMatchObject({ method: 'offline', grade: 0 });
  expect(fake.requests).toHaveLength(0);
  await expect(gradeHandIn(INPUT, { method: 'judge' })).rejects.toMatchObject({
    kind: 'invalid',
    message: 'No language model is connected: use the offline method',
  });
});

it('stops when the caller goes away', async () => {
  fake.setScript({ kind: 'hang' });
  const controller = new AbortController();
  const grading = gradeHandIn(INPUT, { model, signal: controller.signal });
  grading.catch(() => {});
  await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
  controller.abort();
  await expect(grading).rejects.toMatchObject({ kind: 'aborted' });
  expect(await fake.requests[0]?.closed).toBe('client-closed');
});
