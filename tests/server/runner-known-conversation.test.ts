import { buildApp } from '@server/app';
import type { App } from '@server/context';
import { type FakeOpenAI, startFakeOpenAI } from '../support/fake-openai';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import { conversation, joinDeltas, parseEvents, startSession } from './runner-helpers';

/**
 * A process that stored a session's last reply sends the next message to the model at once, with
 * the conversation it remembers, while the message is stored (runner-sessions.ts). These tests
 * make that memory wrong in every way it can be (another server wrote, a reply was regenerated
 * elsewhere, two messages at once, someone else's session) and check that the model is always
 * asked with the conversation as stored, and that nothing from a call made with a wrong one reaches
 * the user. Two servers share one database here, as two processes share PostgreSQL. Last, the
 * end of a reply is told before it is stored, so a stream flushes its last words first.
 */

type Turn = [role: 'user' | 'leia', text: string];

let fake: FakeOpenAI;
let t: TestApp;
let other: App;
let user: TestUser;

/** The model echoes the last message and how many it was sent, so a reply shows what it was asked with. */
const echo = (messages: readonly { content: unknown }[] | undefined) =>
  `You said "${String(messages?.at(-1)?.content)}" after ${(messages?.length ?? 1) - 1} messages.`;

beforeAll(async () => {
  fake = await startFakeOpenAI({
    delayMs: 20,
    script: (request) => ({ kind: 'reply', text: echo(request.body.messages) }),
  });
  const llm = { provider: 'openai-compatible' as const, baseUrl: fake.url, model: 'fake', timeoutMs: 5000 };
  t = await createTestApp({ llm });
  // A second server on the same database, with its own memory of sessions; closing it leaves
  // the database to the first.
  const database = t.app.ctx.database;
  other = await buildApp(t.app.ctx.config, {
    database: { ...database, close: async () => {} },
  });
  user = await t.createUser('advanced');
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

/** POST on one of the two servers as the user, streamed. */
const post = (on: 'first' | 'second', url: string, payload?: object) => {
  const headers = { accept: 'text/event-stream', authorization: `Bearer ${user.token}` };
  const options = { method: 'POST' as const, url, headers, ...(payload && { payload }) };
  return on === 'first' ? t.app.inject(options) : other.inject(options);
};

const LEIA = {
  spec: {
    persona: { spec: { fullName: 'Ana García', firstName: 'Ana', description: 'Owner of a bakery.' } },
    problem: { spec: { description: 'Orders get lost.', details: 'By phone.', solution: 'A form.' } },
    behaviour: { spec: { description: 'You are {{persona.fullName}}.' } },
  },
};

/** Sends on one server, streamed; returns what the user saw and checks it is the stored reply. */
async function say(on: 'first' | 'second', sessionId: string, message: string): Promise<string> {
  const response = await post(on, `/api/v1/runner/${sessionId}/messages`, { message });
  expect(response.statusCode).toBe(200);
  const events = parseEvents(response.body);
  const done = events.at(-1);
  expect(done?.event).toBe('done');
  // Every delta the user saw belongs to the reply that was stored, none to a cancelled call.
  expect(joinDeltas(events)).toBe(done?.data.message);
  return String(done?.data.message);
}

/** The conversation the model was last asked to answer, as stored turns. */
const lastAsked = (): Turn[] =>
  (fake.requests.at(-1)?.body.messages ?? [])
    .slice(1)
    .map((m) => [m.role === 'assistant' ? 'leia' : 'user', String(m.content)]);

describe('a conversation carried on by two servers', () => {
  it('in turns: each server asks the model with the conversation as stored', async () => {
    const sessionId = await startSession(t, user.token, LEIA);
    const expected: Turn[] = [];
    for (const [on, message] of [
      ['first', 'Hello'],
      ['first', 'Who orders?'],
      ['second', 'How often?'],
      ['first', 'And on Sundays?'],
      ['second', 'Thank you'],
    ] as const) {
      expected.push(['user', message]);
      const reply = await say(on, sessionId, message);
      expect(lastAsked()).toEqual(expected);
      expect(reply).toBe(`You said "${message}" after ${expected.length} messages.`);
      expected.push(['leia', reply]);
    }
    expect(await conversation(t, user.token, sessionId)).toEqual(expected);
  });

  it('a reply regenerated on the other server is the one the next message is sent with', async () => {
    const sessionId = await startSession(t, user.token, LEIA);
    await say('first', sessionId, 'Hello');
    fake.setScript({ kind: 'reply', text: 'A second thought.' });
    const regenerated = parseEvents((await post('second', `/api/v1/runner/${sessionId}/regenerate`)).body);
    expect(regenerated.at(-1)?.data.message).toBe('A second thought.');
    fake.setScript((request) => ({ kind: 'reply', text: echo(request.body.messages) }));

    await say('first', sessionId, 'Go on');
    expect(lastAsked()).toEqual([
      ['user', 'Hello'],
      ['leia', 'A second thought.'],
      ['user', 'Go on'],
    ]);
  });

  it('two messages at once on one server are each stored once, and the next is sent with both', async () => {
    const sessionId = await startSession(t, user.token, LEIA);
    await say('first', sessionId, 'Hello');
    await Promise.all([say('first', sessionId, 'One'), say('first', sessionId, 'Two')]);
    const stored = await conversation(t, user.token, sessionId);
    expect(stored.filter(([role]) => role === 'user').map(([, text]) => text)).toEqual(
      expect.arrayContaining(['Hello', 'One', 'Two']),
    );
    expect(stored).toHaveLength(6);

    await say('first', sessionId, 'Three');
    expect(lastAsked()).toEqual([...stored, ['user', 'Three']]);
  });
});

describe("someone else's session", () => {
  it('is a 404, and the model is never called with its conversation', async () => {
    const sessionId = await startSession(t, user.token, LEIA);
    await say('first', sessionId, 'Hello');
    const stranger = await t.createUser('advanced');
    const calls = fake.requests.length;

    const response = await t.request({
      method: 'POST',
      url: `/api/v1/runner/${sessionId}/messages`,
      token: stranger.token,
      payload: { message: 'Let me in' },
    });
    expect(response.statusCode).toBe(404);
    expect(fake.requests).toHaveLength(calls);
    // The owner's next message still goes out with their conversation.
    await say('first', sessionId, 'Still me');
    expect(lastAsked().map(([, text]) => text)).toEqual(['Hello', expect.any(String), 'Still me']);
  });
});

describe('the end of a reply', () => {
  it('is told before the reply is stored, so a stream sends its last words without waiting for it', async () => {
    const sessionId = await startSession(t, user.token, LEIA);
    const seen: string[] = [];
    const done = await t.app.ctx.services.runner.reply(
      user.id,
      sessionId,
      { kind: 'message', text: 'Hello' },
      {
        signal: new AbortController().signal,
        onDelta: () => seen.push('delta'),
        onReplyWritten: () => seen.push('written'),
      },
    );
    seen.push('stored');
    const deltas = seen.slice(0, -2);
    expect(deltas.length).toBeGreaterThan(0);
    expect(new Set(deltas)).toEqual(new Set(['delta']));
    expect(seen.slice(-2)).toEqual(['written', 'stored']);
    expect(done.message).toBe('You said "Hello" after 1 messages.');
  });
});
