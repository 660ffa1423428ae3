import { validateTranscription } from '@shared/schemas/transcription';
import { createTestApp, type TestApp } from './helpers';
import { createLeia, createParts } from './resource-helpers';
import {
  conversation,
  getSession,
  joinDeltas,
  parseEvents,
  regenerate,
  send,
  startSession,
} from './runner-helpers';

/** The runner with the default provider: the offline simulator, no model anywhere. */

let t: TestApp;
let leiaId: string;

beforeAll(async () => {
  t = await createTestApp();
  leiaId = (
    await createLeia(t, t.admin.token, await createParts(t, t.admin.token, { publish: true }), {
      publish: true,
    })
  ).id;
});
afterAll(() => t?.close());

it('labels the session as the offline simulator and answers in JSON and as a stream', async () => {
  const instructor = await t.createUser('instructor');
  const sessionId = await startSession(t, instructor.token, { leia: leiaId });
  const session = await getSession(t, instructor.token, sessionId);
  expect(session).toMatchObject({ provider: 'simulator', model: 'offline-simulator' });

  const json = await send(t, instructor.token, sessionId, 'Hello, who are you?');
  expect(json.statusCode).toBe(200);
  expect(json.json().message).toContain('Alice');

  const streamed = await send(t, instructor.token, sessionId, 'What do you need?', { stream: true });
  const events = parseEvents(streamed.body);
  expect(events.at(-1)?.event).toBe('done');
  expect(joinDeltas(events)).toBe(events.at(-1)?.data.message);
  expect((await getSession(t, instructor.token, sessionId)).messages).toHaveLength(4);
});

it('generates the same valid interview every time, without the solution verbatim', async () => {
  const generate = () =>
    t.request({
      method: 'POST',
      url: '/api/v1/runner/transcriptions/generate',
      token: t.admin.token,
      payload: { leia: leiaId },
    });
  const first = await generate();
  expect(first.statusCode).toBe(200);
  const messages = first.json();
  expect(validateTranscription(messages).ok).toBe(true);
  expect(messages[0].isLeia).toBe(false);
  expect(messages.some((m: { isLeia: boolean }) => m.isLeia)).toBe(true);
  expect(first.body).not.toContain('graph TD; A-->B');
  // The same conversation each time; its times are dated at generation (now), so a second call
  // may fall in the next second.
  const withoutTimes = (list: { isLeia: boolean; text: string }[]) =>
    list.map(({ isLeia, text }) => ({ isLeia, text }));
  expect(withoutTimes((await generate()).json())).toEqual(withoutTimes(messages));
});

it('regenerates a different reply each attempt, the same replies in the same order in any session', async () => {
  const instructor = await t.createUser('instructor');
  const attempts = async () => {
    const sessionId = await startSession(t, instructor.token, { leia: leiaId });
    const replies = [(await send(t, instructor.token, sessionId, 'Tell me about the bakery')).json().message];
    for (let attempt = 0; attempt < 2; attempt++) {
      const again = await regenerate(t, instructor.token, sessionId);
      expect(again.statusCode).toBe(200);
      replies.push(again.json().message);
    }
    expect(await conversation(t, instructor.token, sessionId)).toEqual([
      ['user', 'Tell me about the bakery'],
      ['leia', replies.at(-1)],
    ]);
    return replies;
  };
  const replies = await attempts();
  expect(replies[1]).not.toBe(replies[0]);
  expect(replies[2]).not.toBe(replies[1]);
  expect(await attempts()).toEqual(replies);
});
