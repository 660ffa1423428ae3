import { validateTranscription } from '@shared/schemas/transcription';
import { createTestApp, type TestApp } from './helpers';
import { createLeia, createParts } from './resource-helpers';
import { getSession, joinDeltas, parseEvents, send, startSession } from './runner-helpers';

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
  expect((await generate()).json()).toEqual(messages);
});
