import { type Evaluation, evaluationReportSchema } from '@shared/schemas/evaluation';
import { createTestApp, type TestApp, type TestUser } from '../helpers';
import { createLeia, createResource, type Parts } from '../resource-helpers';
import { send, startSession } from '../runner-helpers';
import { created, evaluateSession, evaluateTranscription, libraryParts } from './helpers';

/** Elicitation reports through the API, offline (the default provider), on the real database. */

let t: TestApp;
let instructor: TestUser;
let other: TestUser;
let parts: Parts;
let leiaId: string;
beforeAll(async () => {
  t = await createTestApp();
  instructor = await t.createUser('instructor');
  other = await t.createUser('advanced');
  const behaviour = await createResource(t, t.admin.token, 'behaviour', undefined, true);
  parts = await libraryParts(t, instructor.token, behaviour);
  leiaId = (await createLeia(t, instructor.token, parts)).id;
});
afterAll(() => t?.close());

async function chattedSession(token: string, questions: string[]): Promise<string> {
  const sessionId = await startSession(t, token, { leia: leiaId });
  for (const question of questions) expect((await send(t, token, sessionId, question)).statusCode).toBe(200);
  return sessionId;
}

describe('a chat session', () => {
  let sessionId: string;
  let evaluation: Evaluation;
  beforeAll(async () => {
    sessionId = await chattedSession(instructor.token, [
      'Hello, who are you?',
      'What do you keep about each member?',
      'What about rooms and bookings?',
    ]);
    evaluation = created(await evaluateSession(t, instructor.token, sessionId));
  });

  it('is evaluated from its stored messages against its solution, offline', async () => {
    expect(evaluation).toMatchObject({ source: 'session', sessionId, leia: { id: leiaId } });
    const { report } = evaluation;
    expect(evaluationReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({ method: 'offline', turns: 3, messages: 6, solutionFormat: 'mermaid' });
    expect(report.elements.map((e) => e.label)).toEqual(
      expect.arrayContaining(['Member', 'Member.cardNumber']),
    );
    expect(report.coverage.total).toBe(report.elements.length);
    expect(report.coverage.revealed).toBeGreaterThan(0);
    expect(report.curve.turn).toEqual([0, 1, 2, 3]);
    expect(report.leaks.verbatim).toEqual([]);
    expect(report.score.explanation).toContain('/ 10 = solution revealed');
  });

  it('is stored: listed with the session, newest first, and read back by id', async () => {
    const again = created(await evaluateSession(t, instructor.token, sessionId, { method: 'offline' }));
    const list = await t.request({
      method: 'GET',
      url: `/api/v1/runner/${sessionId}/evaluations`,
      token: instructor.token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<Evaluation[]>().map((e) => e.id)).toEqual([again.id, evaluation.id]);
    const read = await t.request({
      method: 'GET',
      url: `/api/v1/evaluations/${evaluation.id}`,
      token: instructor.token,
    });
    expect(read.json()).toEqual(evaluation);
    // The same conversation gives the same report.
    expect(again.report).toEqual(evaluation.report);
  });

  it("is nobody else's: another user, even an admin, finds nothing", async () => {
    for (const token of [other.token, t.admin.token]) {
      expect((await evaluateSession(t, token, sessionId)).statusCode).toBe(404);
      const list = await t.request({ method: 'GET', url: `/api/v1/runner/${sessionId}/evaluations`, token });
      expect(list.statusCode).toBe(404);
      const read = await t.request({ method: 'GET', url: `/api/v1/evaluations/${evaluation.id}`, token });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ message: 'Evaluation not found' });
    }
    expect((await evaluateSession(t, '', sessionId)).statusCode).toBe(401);
    expect((await evaluateSession(t, instructor.token, 'not-a-session')).statusCode).toBe(404);
  });

  it('needs a reply of the LEIA, a solution, and a model for the judge', async () => {
    const silent = await startSession(t, instructor.token, { leia: leiaId });
    expect((await evaluateSession(t, instructor.token, silent)).json()).toEqual({
      message: 'There is nothing to evaluate yet: the conversation has no reply from the LEIA',
    });
    const judged = await evaluateSession(t, instructor.token, sessionId, { method: 'judge' });
    expect(judged.statusCode).toBe(400);
    expect(judged.json().message).toBe('No language model is connected: use the offline method');
    const bad = await evaluateSession(t, instructor.token, sessionId, { method: 'oracle' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationErrors).toHaveProperty('method');

    const behaviour = await createResource(t, t.admin.token, 'behaviour', undefined, true);
    const unsolved = await libraryParts(t, instructor.token, behaviour, { solution: '' });
    const leia = await createLeia(t, instructor.token, unsolved);
    const session = await startSession(t, instructor.token, { leia: leia.id });
    await send(t, instructor.token, session, 'Hello');
    const response = await evaluateSession(t, instructor.token, session);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "This LEIA's problem has no solution to compare the conversation with",
    );
  });

  it('goes with its session when the session goes (its owner is deleted)', async () => {
    const leaving = await t.createUser('instructor');
    const published = await createLeia(
      t,
      t.admin.token,
      await libraryParts(t, t.admin.token, parts.behaviour),
      {
        publish: true,
      },
    );
    const session = await startSession(t, leaving.token, { leia: published.id });
    await send(t, leaving.token, session, 'What about members?');
    const mine = created(await evaluateSession(t, leaving.token, session));
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/${leaving.id}`,
      token: t.admin.token,
    });
    expect(deleted.statusCode).toBe(204);
    const rows = await t.app.ctx.db.query.evaluations.findMany();
    expect(rows.map((row) => row.id)).not.toContain(mine.id);
  });
});

describe('a transcription', () => {
  const messages = [
    { text: 'What do you record about members?', timestamp: '2024-01-31T09:30:00Z', isLeia: false },
    { text: 'Each member has a card number and an email.', timestamp: '2024-01-31T09:30:05Z', isLeia: true },
  ];

  it('is evaluated against the LEIA it was held with, and stored', async () => {
    const evaluation = created(await evaluateTranscription(t, instructor.token, { leia: leiaId, messages }));
    expect(evaluation).toMatchObject({ source: 'transcription', leia: { id: leiaId } });
    expect(evaluation.sessionId).toBeUndefined();
    const byLabel = new Map(evaluation.report.elements.map((e) => [e.label, e]));
    expect(byLabel.get('Member.cardNumber')).toMatchObject({ status: 'revealed', turn: 1 });
    expect(byLabel.get('Member.email')).toMatchObject({ status: 'revealed', turn: 1 });
    expect(byLabel.get('Room.capacity')).toMatchObject({ status: 'not', turn: null });
    const read = await t.request({
      method: 'GET',
      url: `/api/v1/evaluations/${evaluation.id}`,
      token: instructor.token,
    });
    expect(read.json()).toEqual(evaluation);
  });

  it('is validated with the transcription schema', async () => {
    const response = await evaluateTranscription(t, instructor.token, {
      leia: leiaId,
      messages: [{ text: '', timestamp: 'yesterday', isLeia: 'no' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().validationErrors).toEqual({
      'messages.0.text': 'Message text cannot be empty',
      'messages.0.timestamp': 'Timestamp must be an ISO date-time such as 2024-01-31T09:30:00Z',
      'messages.0.isLeia': 'isLeia must be a boolean',
    });
    const empty = await evaluateTranscription(t, instructor.token, { leia: leiaId, messages: [] });
    expect(empty.json().validationErrors).toEqual({ messages: 'At least one message is required' });
    const noLeia = await evaluateTranscription(t, instructor.token, { messages });
    expect(noLeia.statusCode).toBe(400);
  });

  it('needs a LEIA the caller may read', async () => {
    const response = await evaluateTranscription(t, other.token, { leia: leiaId, messages });
    expect(response.statusCode).toBe(404);
    expect((await evaluateTranscription(t, other.token, { leia: 'nope', messages })).statusCode).toBe(404);
  });
});
