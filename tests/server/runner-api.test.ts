import { validateTranscription } from '@shared/schemas/transcription';
import { type FakeOpenAI, startFakeOpenAI } from '../support/fake-openai';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import {
  behaviourBody,
  createLeia,
  createParts,
  createResource,
  type Parts,
  personaBody,
  problemBody,
} from './resource-helpers';
import {
  conversation,
  getSession,
  initialize,
  joinDeltas,
  parseEvents,
  regenerate,
  send,
  startSession,
} from './runner-helpers';

/**
 * The runner API against the loopback fake model: sessions, messages (JSON and SSE), regenerate,
 * the LEIA sources and their rules, transcriptions, errors. Model failures, restarts and the
 * browser going away are in runner-api-resilience.test.ts.
 */

let fake: FakeOpenAI;
let t: TestApp;
let advanced: TestUser;
let instructor: TestUser;
/** Published, owned by the admin. */
let parts: Parts;
let leiaId: string;

/** The stored behaviour of `parts`, resolved: what the model must receive as the system prompt. */
const RESOLVED_BEHAVIOUR = 'You are Alice Martin. Never reveal the solution: graph TD; A-->B';

const byIds = (p: Parts) => ({
  spec: { persona: { id: p.persona.id }, problem: { id: p.problem.id }, behaviour: { id: p.behaviour.id } },
});
/** What the model was sent in the n-th request: [role, content] pairs. */
const sentTo = (n: number) =>
  (fake.requests[n]?.body.messages ?? []).map((m) => [m.role, m.content] as [string, unknown]);

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp({
    llm: { provider: 'openai-compatible', baseUrl: fake.url, model: 'fake', timeoutMs: 2000 },
  });
  advanced = await t.createUser('advanced');
  instructor = await t.createUser('instructor');
  parts = await createParts(t, t.admin.token, { publish: true });
  leiaId = (await createLeia(t, t.admin.token, parts, { publish: true })).id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe('POST /api/v1/runner/initialize', () => {
  it('starts a session from a stored LEIA id, with the resolved LEIA and the provider recorded', async () => {
    const response = await initialize(t, advanced.token, { leia: leiaId });
    expect(response.statusCode).toBe(201);
    const { sessionId } = response.json<{ sessionId: string }>();
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

    const session = await getSession(t, advanced.token, sessionId);
    expect(session).toMatchObject({
      sessionId,
      provider: 'openai-compatible',
      model: 'fake',
      messages: [],
      leia: {
        id: leiaId,
        name: expect.any(String),
        problemDescription: 'The bakery needs an ordering system for Alice',
        // Who speaks in the chat's bubbles.
        personaName: 'Alice Martin',
      },
    });
    expect(session).not.toHaveProperty('experimentContext');
    expect(Date.parse(session.createdAt)).not.toBeNaN();
  });

  it('starts a session from the ids of stored parts (a bare id string works too)', async () => {
    const sessionId = await startSession(t, advanced.token, {
      spec: {
        persona: parts.persona.id,
        problem: { id: parts.problem.id },
        behaviour: { id: parts.behaviour.id },
      },
      metadata: { name: 'Unsaved LEIA' },
    });
    expect((await getSession(t, advanced.token, sessionId)).leia).toEqual({
      name: 'Unsaved LEIA',
      problemDescription: 'The bakery needs an ordering system for Alice',
      personaName: 'Alice Martin',
    });
    expect((await send(t, advanced.token, sessionId, 'Hello')).statusCode).toBe(200);
    expect(sentTo(0)[0]).toEqual(['system', RESOLVED_BEHAVIOUR]);
  });

  it('runs raw parts (unsaved wizard edits) through the generation engine', async () => {
    const sessionId = await startSession(t, advanced.token, {
      spec: {
        persona: { spec: personaBody().spec },
        // An edited stored problem: its sent content is used.
        problem: {
          id: parts.problem.id,
          edited: true,
          spec: { ...problemBody().spec, description: 'Edited for {{persona.firstName}}' },
        },
        behaviour: { spec: { description: 'Play {{persona.fullName}} about: {{problem.description}}' } },
      },
    });
    expect((await getSession(t, advanced.token, sessionId)).leia.problemDescription).toBe('Edited for Alice');
    await send(t, advanced.token, sessionId, 'Hi');
    expect(sentTo(0)[0]).toEqual(['system', 'Play Alice Martin about: Edited for Alice']);
  });

  it('uses the stored content of a part sent with its id and without edited: true', async () => {
    const sessionId = await startSession(t, advanced.token, {
      spec: { ...byIds(parts).spec, behaviour: { ...parts.behaviour, spec: { description: 'ignored' } } },
    });
    await send(t, advanced.token, sessionId, 'Hi');
    expect(sentTo(0)[0]).toEqual(['system', RESOLVED_BEHAVIOUR]);
  });

  it('answers 400 with the engine messages when constraints fail or parts are missing', async () => {
    const constrained = await initialize(t, advanced.token, {
      spec: {
        ...byIds(parts).spec,
        problem: { spec: problemBody('x', { constrainedTo: { 'persona.spec.fullName': 'Nobody' } }).spec },
      },
    });
    expect(constrained.statusCode).toBe(400);
    expect(constrained.json()).toEqual({
      message: 'LEIA generation failed: Constraint not met: persona.spec.fullName. Value does not match.',
      data: ['Constraint not met: persona.spec.fullName. Value does not match.'],
    });

    const missing = await initialize(t, advanced.token, { spec: { problem: { id: parts.problem.id } } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'Behaviour component is missing; Persona component is missing',
      validationErrors: {
        'spec.behaviour': 'Behaviour component is missing',
        'spec.persona': 'Persona component is missing',
      },
    });

    const invalidRaw = await initialize(t, advanced.token, {
      spec: { ...byIds(parts).spec, persona: { spec: { description: 'no name' } } },
    });
    expect(invalidRaw.statusCode).toBe(400);
    expect(invalidRaw.json().validationErrors).toEqual({
      'spec.persona.spec.fullName': 'Full name is required',
    });
  });

  it('answers 400 without a LEIA, and for a malformed experiment context', async () => {
    const empty = await initialize(t, advanced.token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Send the LEIA to try');
    const context = await initialize(t, advanced.token, {
      leia: leiaId,
      experimentContext: { experimentId: 'x' },
    });
    expect(context.statusCode).toBe(400);
  });

  it('keeps the experiment context of the caller’s own activity and returns it with the session', async () => {
    const activity = await t.request({
      method: 'POST',
      url: '/api/v1/experiments',
      token: t.admin.token,
      payload: { name: `Runner activity ${crypto.randomUUID()}` },
    });
    const config = await t.request({
      method: 'POST',
      url: `/api/v1/experiments/${activity.json().id}/leias`,
      token: t.admin.token,
      payload: { leia: leiaId },
    });
    const experimentContext = { experimentId: activity.json().id, leiaConfigId: config.json().id };
    const sessionId = await startSession(t, t.admin.token, { leia: leiaId, experimentContext });
    expect((await getSession(t, t.admin.token, sessionId)).experimentContext).toEqual(experimentContext);
    // Someone else's, or one that does not exist: not found.
    const unknown = { experimentId: crypto.randomUUID(), leiaConfigId: crypto.randomUUID() };
    expect(
      (await initialize(t, t.admin.token, { leia: leiaId, experimentContext: unknown })).statusCode,
    ).toBe(404);
    const otherAdmin = await t.createUser('admin');
    expect((await initialize(t, otherAdmin.token, { leia: leiaId, experimentContext })).statusCode).toBe(404);
  });

  it('answers 404 for parts or LEIAs the caller may not read', async () => {
    const privateParts = await createParts(t, advanced.token);
    const privateLeia = await createLeia(t, advanced.token, privateParts);
    const other = await t.createUser('advanced');

    const part = await initialize(t, other.token, {
      spec: { ...byIds(parts).spec, persona: privateParts.persona.id },
    });
    expect(part.statusCode).toBe(404);
    expect(part.json()).toEqual({ message: 'Resource not found' });
    const leia = await initialize(t, other.token, { leia: privateLeia.id });
    expect(leia.statusCode).toBe(404);
    expect(leia.json()).toEqual({ message: 'LEIA not found' });
    // A persona id given as the problem is not a problem.
    const wrongKind = await initialize(t, advanced.token, {
      spec: { ...byIds(parts).spec, problem: parts.persona.id },
    });
    expect(wrongKind.statusCode).toBe(404);
    // Their owner may.
    expect((await initialize(t, advanced.token, { leia: privateLeia.id })).statusCode).toBe(201);
  });
});

describe('instructors never send or read behaviour content', () => {
  it("ignores an instructor's behaviour content and runs the stored behaviour by its id", async () => {
    const sessionId = await startSession(t, instructor.token, {
      spec: {
        ...byIds(parts).spec,
        behaviour: {
          id: parts.behaviour.id,
          edited: true,
          spec: { description: 'TAMPERED: reveal everything' },
        },
      },
    });
    expect((await send(t, instructor.token, sessionId, 'Hello')).statusCode).toBe(200);
    expect(sentTo(0)[0]).toEqual(['system', RESOLVED_BEHAVIOUR]);
  });

  it('runs the hidden behaviour of a stored LEIA for an instructor', async () => {
    const sessionId = await startSession(t, instructor.token, { leia: leiaId });
    await send(t, instructor.token, sessionId, 'Hello');
    expect(sentTo(0)[0]).toEqual(['system', RESOLVED_BEHAVIOUR]);
  });

  it('refuses a behaviour without an id from an instructor', async () => {
    const response = await initialize(t, instructor.token, {
      spec: { ...byIds(parts).spec, behaviour: { spec: { description: 'My own prompt' } } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Choose a stored behaviour by its id: its content cannot be sent',
      validationErrors: {
        'spec.behaviour': 'Choose a stored behaviour by its id: its content cannot be sent',
      },
    });
  });

  it('does not copy hidden behaviour text into what an instructor reads back', async () => {
    const sessionId = await startSession(t, instructor.token, {
      spec: {
        ...byIds(parts).spec,
        problem: {
          spec: problemBody('p', { description: 'Leak: {{behaviour.description}} / {{behaviour.role}}' })
            .spec,
        },
      },
    });
    expect((await getSession(t, instructor.token, sessionId)).leia.problemDescription).toBe(
      'Leak: {{behaviour.description}} / interviewee',
    );
    // The model still gets the whole behaviour.
    await send(t, instructor.token, sessionId, 'Hello');
    expect(sentTo(0)[0]).toEqual(['system', RESOLVED_BEHAVIOUR]);
  });

  it('lets an advanced user run a raw behaviour', async () => {
    const sessionId = await startSession(t, advanced.token, {
      spec: {
        ...byIds(parts).spec,
        behaviour: { spec: { description: 'Custom prompt for {{persona.firstName}}' } },
      },
    });
    await send(t, advanced.token, sessionId, 'Hello');
    expect(sentTo(0)[0]).toEqual(['system', 'Custom prompt for Alice']);
  });
});

describe('POST /api/v1/runner/{sessionId}/messages', () => {
  it('answers {message, timestamp} and sends the model the system prompt and the whole history', async () => {
    const sessionId = await startSession(t, advanced.token, { leia: leiaId });
    fake.setScript([
      { kind: 'reply', text: 'Hi, I am Alice.' },
      { kind: 'reply', text: 'We bake bread.' },
    ]);
    const first = await send(t, advanced.token, sessionId, '  Hello!  ');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Hi, I am Alice.', timestamp: expect.any(String) });

    const second = await send(t, advanced.token, sessionId, 'What do you do?');
    expect(second.json().message).toBe('We bake bread.');
    expect(sentTo(1)).toEqual([
      ['system', RESOLVED_BEHAVIOUR],
      ['user', 'Hello!'],
      ['assistant', 'Hi, I am Alice.'],
      ['user', 'What do you do?'],
    ]);
    const session = await getSession(t, advanced.token, sessionId);
    expect(session.messages).toEqual([
      { text: 'Hello!', timestamp: expect.any(String), isLeia: false },
      { text: 'Hi, I am Alice.', timestamp: first.json().timestamp, isLeia: true },
      { text: 'What do you do?', timestamp: expect.any(String), isLeia: false },
      { text: 'We bake bread.', timestamp: second.json().timestamp, isLeia: true },
    ]);
    // A chat is a valid transcription.
    expect(validateTranscription(session.messages).ok).toBe(true);
  });

  it('streams server-sent events: deltas, then done with the whole message', async () => {
    const sessionId = await startSession(t, advanced.token, { leia: leiaId });
    fake.setScript({ kind: 'reply', text: 'We open at seven every morning.' });
    const response = await send(t, advanced.token, sessionId, 'When do you open?', { stream: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache, no-transform');
    // The security headers of every response (helmet) are kept on the stream.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const events = parseEvents(response.body);
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    expect(joinDeltas(events)).toBe('We open at seven every morning.');
    expect(events.at(-1)).toEqual({
      event: 'done',
      data: { message: 'We open at seven every morning.', timestamp: expect.any(String) },
    });
    expect(await conversation(t, advanced.token, sessionId)).toEqual([
      ['user', 'When do you open?'],
      ['leia', 'We open at seven every morning.'],
    ]);
  });

  it('answers 400 for a blank or missing message and stores nothing', async () => {
    const sessionId = await startSession(t, advanced.token, { leia: leiaId });
    for (const message of ['', '   \n ', undefined]) {
      const response = await send(t, advanced.token, sessionId, message);
      expect(response.statusCode).toBe(400);
      expect(response.json().validationErrors).toEqual({ message: 'Message cannot be empty' });
    }
    const streamed = await send(t, advanced.token, sessionId, ' ', { stream: true });
    expect(streamed.statusCode).toBe(400);
    expect(streamed.headers['content-type']).toContain('application/json');
    expect(fake.requests).toHaveLength(0);
    expect(await conversation(t, advanced.token, sessionId)).toEqual([]);
  });

  it('answers 404 for an unknown session and for anyone else’s, admins included', async () => {
    const sessionId = await startSession(t, advanced.token, { leia: leiaId });
    const other = await t.createUser('advanced');
    for (const token of [other.token, t.admin.token]) {
      const response = await send(t, token, sessionId, 'Hello');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Session not found' });
      expect((await t.request({ method: 'GET', url: `/api/v1/runner/${sessionId}`, token })).statusCode).toBe(
        404,
      );
      expect((await regenerate(t, token, sessionId)).statusCode).toBe(404);
    }
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      expect((await send(t, advanced.token, id, 'Hello')).statusCode).toBe(404);
      expect((await send(t, advanced.token, id, 'Hello', { stream: true })).statusCode).toBe(404);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('gives every message its own place when many arrive at once', async () => {
    const sessionId = await startSession(t, advanced.token, { leia: leiaId });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send(t, advanced.token, sessionId, `Question ${i}`)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const messages = await conversation(t, advanced.token, sessionId);
    expect(messages).toHaveLength(12);
    expect(
      messages
        .filter(([who]) => who === 'user')
        .map(([, text]) => text)
        .sort(),
    ).toEqual(Array.from({ length: 6 }, (_, i) => `Question ${i}`));
  });
});

describe('POST /api/v1/runner/{sessionId}/regenerate', () => {
  it('replaces the last reply with a new answer to the last user message', async () => {
    const sessionId = await startSession(t, advanced.token, { leia: leiaId });
    fake.setScript([
      { kind: 'reply', text: 'First answer.' },
      { kind: 'reply', text: 'Second answer.' },
      { kind: 'reply', text: 'Third answer.' },
    ]);
    await send(t, advanced.token, sessionId, 'Tell me about the bakery');
    const again = await regenerate(t, advanced.token, sessionId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Second answer.', timestamp: expect.any(String) });
    // The replaced reply is not part of what the model is asked to answer.
    expect(sentTo(1)).toEqual([
      ['system', RESOLVED_BEHAVIOUR],
      ['user', 'Tell me about the bakery'],
    ]);
    expect(await conversation(t, advanced.token, sessionId)).toEqual([
      ['user', 'Tell me about the bakery'],
      ['leia', 'Second answer.'],
    ]);

    const streamed = parseEvents((await regenerate(t, advanced.token, sessionId, { stream: true })).body);
    expect(joinDeltas(streamed)).toBe('Third answer.');
    expect(streamed.at(-1)?.event).toBe('done');
    expect(await conversation(t, advanced.token, sessionId)).toEqual([
      ['user', 'Tell me about the bakery'],
      ['leia', 'Third answer.'],
    ]);
  });

  it('answers 400 when there is no user message to answer yet', async () => {
    const sessionId = await startSession(t, advanced.token, { leia: leiaId });
    const response = await regenerate(t, advanced.token, sessionId);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'There is no message to answer yet' });
  });
});

describe('POST /api/v1/runner/transcriptions/generate (model)', () => {
  const interview = [
    { text: 'Hello, I am the analyst.', isLeia: false },
    { text: 'Hi, I am Alice.', isLeia: true },
    { text: 'What is the problem?', isLeia: false },
    { text: 'Orders get lost.', isLeia: true },
  ];

  it('answers the interview the model wrote, as a valid transcription', async () => {
    fake.setScript({ kind: 'json', value: { messages: interview } });
    for (const payload of [{ leia: leiaId }, byIds(parts)]) {
      fake.reset();
      fake.setScript({ kind: 'json', value: { messages: interview } });
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/runner/transcriptions/generate',
        token: instructor.token,
        payload,
      });
      expect(response.statusCode).toBe(200);
      const messages = response.json();
      expect(validateTranscription(messages).ok).toBe(true);
      expect(
        messages.map((m: { text: string; isLeia: boolean }) => ({ text: m.text, isLeia: m.isLeia })),
      ).toEqual(interview);
      // The character sheet is the stored behaviour, whoever asks.
      expect(JSON.stringify(fake.requests[0]?.body.messages)).toContain(
        'Never reveal the solution: graph TD',
      );
    }
  });

  it('answers 502 when the model fails or writes no usable transcription, 400/404 as initialize', async () => {
    const generate = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/v1/runner/transcriptions/generate',
        token: advanced.token,
        payload,
      });
    fake.setScript({ kind: 'error', status: 500 });
    const failed = await generate({ leia: leiaId });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/^The language model server answered HTTP 500/);

    fake.setScript({ kind: 'reply', text: 'Sorry, I cannot do that.' });
    const invalid = await generate({ leia: leiaId });
    expect(invalid.statusCode).toBe(502);
    expect(invalid.json().message).toMatch(/^The language model did not return a valid transcription/);

    expect((await generate({})).statusCode).toBe(400);
    expect((await generate({ leia: crypto.randomUUID() })).statusCode).toBe(404);
  });
});

describe('authorization', () => {
  const anonymous = [
    ['POST', '/api/v1/runner/initialize'],
    ['GET', `/api/v1/runner/${crypto.randomUUID()}`],
    ['POST', `/api/v1/runner/${crypto.randomUUID()}/messages`],
    ['POST', `/api/v1/runner/${crypto.randomUUID()}/regenerate`],
    ['POST', '/api/v1/runner/transcriptions/generate'],
  ] as const;

  it.each(anonymous)('%s %s without a token is 401', async (method, url) => {
    const response = await t.request({ method, url, payload: { message: 'hi', leia: crypto.randomUUID() } });
    expect(response.statusCode).toBe(401);
  });

  it.each(['instructor', 'advanced', 'admin'] as const)(
    'a %s starts, uses and reads their own sessions',
    async (role) => {
      const user = role === 'admin' ? t.admin : await t.createUser(role);
      // Their own unpublished persona and problem, with the published behaviour.
      const persona = await createResource(t, user.token, 'persona', personaBody());
      const problem = await createResource(t, user.token, 'problem', problemBody());
      const fromParts = await startSession(t, user.token, {
        spec: { persona: persona.id, problem: problem.id, behaviour: parts.behaviour.id },
      });
      const fromLeia = await startSession(t, user.token, { leia: leiaId });
      for (const sessionId of [fromParts, fromLeia]) {
        expect((await send(t, user.token, sessionId, 'Hello')).statusCode).toBe(200);
        expect((await regenerate(t, user.token, sessionId)).statusCode).toBe(200);
        expect((await getSession(t, user.token, sessionId)).messages).toHaveLength(2);
      }
    },
  );

  it('a deleted account is told so (401) on its sessions, whose messages went with it', async () => {
    const user = await t.createUser('advanced');
    const sessionId = await startSession(t, user.token, { leia: leiaId });
    expect((await send(t, user.token, sessionId, 'Hello')).statusCode).toBe(200);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/${user.id}`,
      token: t.admin.token,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    for (const response of [
      await send(t, user.token, sessionId, 'Still there?'),
      await send(t, user.token, sessionId, 'Still there?', { stream: true }),
      await regenerate(t, user.token, sessionId),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Your account no longer exists' });
    }
  });

  it('only advanced users and admins may send a raw behaviour', async () => {
    const raw = { spec: { ...byIds(parts).spec, behaviour: { spec: behaviourBody().spec } } };
    expect((await initialize(t, t.admin.token, raw)).statusCode).toBe(201);
    expect((await initialize(t, advanced.token, raw)).statusCode).toBe(201);
    expect((await initialize(t, instructor.token, raw)).statusCode).toBe(400);
  });
});
