import { evaluateConversation } from '@server/evaluation/evaluate';
import { EVALUATION_LIMIT_TEXTS, EVALUATION_LIMITS } from '@shared/evaluation/limits';
import { createTestApp, type TestApp, type TestUser } from '../helpers';
import { createLeia, createResource } from '../resource-helpers';
import { evaluateTranscription, LIBRARY_SOLUTION, libraryParts } from './helpers';

/**
 * An evaluation reads at most EVALUATION_LIMITS of conversation: beyond it the server answers a
 * 400 naming the limit, before doing the work that would hold its event loop.
 */

const messages = (count: number, text = 'Members have cards.') =>
  Array.from({ length: count }, (_, index) => ({
    text: index % 2 === 0 ? `Question ${index}: what about members?` : text,
    timestamp: '2024-01-31T09:30:00Z',
    isLeia: index % 2 === 1,
  }));

describe('POST /evaluations', () => {
  let t: TestApp;
  let user: TestUser;
  let leiaId: string;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser('advanced');
    const behaviour = await createResource(t, user.token, 'behaviour');
    leiaId = (await createLeia(t, user.token, await libraryParts(t, user.token, behaviour))).id;
  });
  afterAll(() => t?.close());

  it(`evaluates ${EVALUATION_LIMITS.messages} messages, and refuses one more, naming the limit`, async () => {
    const atLimit = await evaluateTranscription(t, user.token, {
      leia: leiaId,
      messages: messages(EVALUATION_LIMITS.messages),
    });
    expect(atLimit.statusCode).toBe(201);
    const over = await evaluateTranscription(t, user.token, {
      leia: leiaId,
      messages: messages(EVALUATION_LIMITS.messages + 1),
    });
    expect(over.statusCode).toBe(400);
    const text = EVALUATION_LIMIT_TEXTS.messages(EVALUATION_LIMITS.messages + 1);
    expect(over.json()).toEqual({ message: text, validationErrors: { messages: text } });
    expect(text).toBe('A conversation of at most 1,000 messages can be evaluated; this one has 1,001');
  });

  it('refuses a conversation longer than the characters it may read', async () => {
    const reply = 'Members have cards. '.repeat(Math.ceil(EVALUATION_LIMITS.characters / 20 / 10));
    const body = messages(20, reply);
    const total = body.reduce((sum, message) => sum + message.text.length, 0);
    expect(total).toBeGreaterThan(EVALUATION_LIMITS.characters);
    const response = await evaluateTranscription(t, user.token, { leia: leiaId, messages: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(EVALUATION_LIMIT_TEXTS.characters(total));
  });
});

it('holds for every evaluation: a chat session or a leak check interview too', async () => {
  const input = { solution: LIBRARY_SOLUTION, solutionFormat: 'mermaid' as const };
  await expect(
    evaluateConversation({ ...input, messages: messages(EVALUATION_LIMITS.messages + 1) }, {}),
  ).rejects.toMatchObject({ message: EVALUATION_LIMIT_TEXTS.messages(EVALUATION_LIMITS.messages + 1) });
  const report = await evaluateConversation({ ...input, messages: messages(4) }, {});
  expect(report.messages).toBe(4);
});
