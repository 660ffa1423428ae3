import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { type FakeOpenAI, startFakeOpenAI } from '../support/fake-openai';
import { createTestApp, type TestApp, type TestUser } from './helpers';
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

/**
 * What happens when things go wrong: the model fails, times out, goes away or is cut mid-answer;
 * the server restarts; the browser goes away mid-reply. The user's message is never lost or
 * duplicated, and what the user saw is what a reload shows.
 */

const TIMEOUT_MS = 1000;

let fake: FakeOpenAI;
let t: TestApp;
let user: TestUser;
let leiaId: string;
let dataDir: string;

const newSession = () => startSession(t, user.token, { leia: leiaId });

beforeAll(async () => {
  fake = await startFakeOpenAI();
  // A PGlite folder (not memory) so that a second server can open the same data after a restart.
  dataDir = mkdtempSync(join(tmpdir(), 'leia-runner-'));
  t = await createTestApp({
    dataDir,
    llm: { provider: 'openai-compatible', baseUrl: fake.url, model: 'fake', timeoutMs: TIMEOUT_MS },
  });
  user = await t.createUser('advanced');
  leiaId = (
    await createLeia(t, t.admin.token, await createParts(t, t.admin.token, { publish: true }), {
      publish: true,
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => fake.reset());

describe('the model failing', () => {
  it('HTTP 500 -> 502 with a clear message; the retry does not store the message twice', async () => {
    const sessionId = await newSession();
    fake.setScript([
      { kind: 'error', status: 500, message: 'model crashed' },
      { kind: 'reply', text: 'Now it works.' },
    ]);

    const failed = await send(t, user.token, sessionId, 'Hello?');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: 'The language model server answered HTTP 500: model crashed' });
    expect(await conversation(t, user.token, sessionId)).toEqual([['user', 'Hello?']]);

    const retried = await send(t, user.token, sessionId, 'Hello?');
    expect(retried.statusCode).toBe(200);
    expect(await conversation(t, user.token, sessionId)).toEqual([
      ['user', 'Hello?'],
      ['leia', 'Now it works.'],
    ]);
    // The retry asked the model with the message once.
    expect(fake.requests[1]?.body.messages?.filter((m) => m.role === 'user')).toHaveLength(1);
  });

  it('a timeout -> 502 naming it; a different message after a failure is kept after the first', async () => {
    const sessionId = await newSession();
    fake.setScript([{ kind: 'hang' }, { kind: 'reply', text: 'Sorry for the wait.' }]);
    const failed = await send(t, user.token, sessionId, 'First question');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('The language model did not start answering within 1 s');

    expect((await send(t, user.token, sessionId, 'Second question')).statusCode).toBe(200);
    expect(await conversation(t, user.token, sessionId)).toEqual([
      ['user', 'First question'],
      ['user', 'Second question'],
      ['leia', 'Sorry for the wait.'],
    ]);
  });

  it('the model server gone -> 502; back again -> the retry succeeds', async () => {
    const sessionId = await newSession();
    await fake.stop();
    try {
      const failed = await send(t, user.token, sessionId, 'Anyone there?', { stream: true });
      // Nothing was streamed yet: an ordinary JSON error, not an event stream.
      expect(failed.statusCode).toBe(502);
      expect(failed.headers['content-type']).toContain('application/json');
      expect(failed.json().message).toMatch(/^The language model server at .* could not be reached/);
    } finally {
      await fake.start();
    }
    expect((await send(t, user.token, sessionId, 'Anyone there?', { stream: true })).statusCode).toBe(200);
    expect(await conversation(t, user.token, sessionId)).toEqual([
      ['user', 'Anyone there?'],
      ['leia', 'Hello from the fake model.'],
    ]);
  });

  it('a stream cut mid-way ends with an error event; the partial reply is not stored', async () => {
    const sessionId = await newSession();
    fake.setScript({ kind: 'cut', text: 'We bake bread and cakes every day', afterChunks: 2 });
    const response = await send(t, user.token, sessionId, 'What do you bake?', { stream: true });
    expect(response.statusCode).toBe(200);
    const events = parseEvents(response.body);
    expect(joinDeltas(events).length).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { status: 502, message: expect.stringMatching(/stopped in the middle of its answer/) },
    });
    expect(events.some((e) => e.event === 'done')).toBe(false);
    expect(await conversation(t, user.token, sessionId)).toEqual([['user', 'What do you bake?']]);
  });

  it('a failed regenerate keeps the previous reply', async () => {
    const sessionId = await newSession();
    fake.setScript([
      { kind: 'reply', text: 'The first reply.' },
      { kind: 'error', status: 503 },
    ]);
    await send(t, user.token, sessionId, 'Hello');
    const failed = await regenerate(t, user.token, sessionId);
    expect(failed.statusCode).toBe(502);
    expect(await conversation(t, user.token, sessionId)).toEqual([
      ['user', 'Hello'],
      ['leia', 'The first reply.'],
    ]);
  });
});

describe('the browser going away', () => {
  let baseUrl: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  // fetch (undici) may leave a spare connection open that never sends a request; closing the
  // server would wait for its headers timeout (a minute).
  afterAll(() => t.app.server.closeAllConnections());

  const post = (sessionId: string, message: string, signal: AbortSignal, stream: boolean) =>
    fetch(`${baseUrl}/api/v1/runner/${sessionId}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        ...(stream && { accept: 'text/event-stream' }),
      },
      body: JSON.stringify({ message }),
      signal,
    });

  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 3000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > until) return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('mid-stream: aborts the model request and stores the part the user saw', async () => {
    const sessionId = await newSession();
    fake.setScript({ kind: 'reply', text: 'One two three four five six seven eight', chunkDelayMs: 400 });
    const controller = new AbortController();
    const response = await post(sessionId, 'Count for me', controller.signal, true);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');

    // Read until the first delta has arrived, then go away.
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let body = '';
    while (!body.includes('event: delta')) body += decoder.decode((await reader.read()).value);
    const seen = joinDeltas(parseEvents(body.slice(0, body.lastIndexOf('\n\n') + 2)));
    const abortedAt = Date.now();
    controller.abort();

    expect(await fake.requests[0]!.closed).toBe('client-closed');
    expect(Date.now() - abortedAt).toBeLessThan(TIMEOUT_MS);
    const messages = await waitFor(
      () => conversation(t, user.token, sessionId),
      (m) => m.length === 2,
    );
    expect(messages).toEqual([
      ['user', 'Count for me'],
      ['leia', seen],
    ]);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan('One two three four five six seven eight'.length);
  });

  it('Stop mid-stream: the model request is aborted and the partial reply is stored, marked stopped', async () => {
    const sessionId = await newSession();
    fake.setScript({ kind: 'reply', text: 'A first reply.' });
    await send(t, user.token, sessionId, 'Hello');
    const whole = 'Alpha beta gamma delta epsilon zeta eta theta iota kappa';
    fake.setScript({ kind: 'reply', text: whole, chunkDelayMs: 300 });
    const controller = new AbortController();
    const response = await post(sessionId, 'Tell me everything', controller.signal, true);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let body = '';
    while (!body.includes('event: delta')) body += decoder.decode((await reader.read()).value);
    const seen = joinDeltas(parseEvents(body.slice(0, body.lastIndexOf('\n\n') + 2)));
    controller.abort();

    // The upstream request is aborted: the model stops writing.
    expect(await fake.requests[1]!.closed).toBe('client-closed');
    const session = await waitFor(
      () => getSession(t, user.token, sessionId),
      (s) => s.messages.length === 4,
    );
    expect(session.messages.map(({ timestamp: _, ...m }) => m)).toEqual([
      { text: 'Hello', isLeia: false },
      { text: 'A first reply.', isLeia: true },
      { text: 'Tell me everything', isLeia: false },
      { text: seen, isLeia: true, stopped: true },
    ]);
    expect(seen.length).toBeLessThan(whole.length);
    // Well after the model would have finished, the stored reply is still the partial one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await getSession(t, user.token, sessionId)).messages.at(-1)).toMatchObject({
      text: seen,
      stopped: true,
    });
  });

  it('before the first token (JSON): aborts the model request and stores no reply', async () => {
    const sessionId = await newSession();
    fake.setScript({ kind: 'hang' });
    const controller = new AbortController();
    const pending = post(sessionId, 'Are you there?', controller.signal, false).catch(
      (error: Error) => error,
    );
    await waitFor(
      async () => fake.requests.length,
      (n) => n === 1,
    );
    const abortedAt = Date.now();
    controller.abort();
    expect((await pending) as Error).toMatchObject({ name: 'AbortError' });

    expect(await fake.requests[0]!.closed).toBe('client-closed');
    // Closed by the abort, well before the model timeout would have closed it.
    expect(Date.now() - abortedAt).toBeLessThan(TIMEOUT_MS / 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await conversation(t, user.token, sessionId)).toEqual([['user', 'Are you there?']]);
  });
});

// Last: it closes the file's server.
describe('a restart', () => {
  it('loses nothing: another server on the same database resumes the session', async () => {
    const sessionId = await newSession();
    fake.setScript({ kind: 'reply', text: 'Before the restart.' });
    await send(t, user.token, sessionId, 'Hello');
    const before = await conversation(t, user.token, sessionId);

    await t.app.close();
    // Same database (PostgreSQL URL or PGlite folder), same stored JWT secret: the token still works.
    const second = await buildApp(t.app.ctx.config);
    try {
      const inject = (options: { method: 'GET' | 'POST'; url: string; payload?: object }) =>
        second.inject({ ...options, headers: { authorization: `Bearer ${user.token}` } });
      const session = await inject({ method: 'GET', url: `/api/v1/runner/${sessionId}` });
      expect(session.statusCode).toBe(200);
      expect(
        session
          .json()
          .messages.map((m: { isLeia: boolean; text: string }) => [m.isLeia ? 'leia' : 'user', m.text]),
      ).toEqual(before);

      fake.setScript({ kind: 'reply', text: 'After the restart.' });
      const next = await inject({
        method: 'POST',
        url: `/api/v1/runner/${sessionId}/messages`,
        payload: { message: 'Still there?' },
      });
      expect(next.json()).toEqual({ message: 'After the restart.', timestamp: expect.any(String) });
      // The new server sent the whole stored history to the model.
      expect(fake.requests.at(-1)?.body.messages?.map((m) => m.content)).toEqual([
        expect.any(String),
        'Hello',
        'Before the restart.',
        'Still there?',
      ]);
    } finally {
      await second.close();
    }
  });
});
