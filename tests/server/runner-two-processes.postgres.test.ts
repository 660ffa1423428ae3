import { loginAt } from '../bench/support/common';
import { BENCH_LEIA } from '../bench/support/runner-client';
import { type FakeOpenAI, startFakeOpenAI } from '../support/fake-openai';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { createPostgresDatabase, type TestDatabase } from '../support/test-database';
import { testConfig } from './helpers';
import { parseEvents } from './runner-helpers';

/**
 * Scaling out (README): two server processes, each on its own port, on one PostgreSQL. Sessions
 * are spread across both, and each one started on one process continues on the other: no state
 * lives in a process's memory that the other would need (a process remembers a conversation only
 * as a hint, checked when the next message is stored: runner-known-conversation.test.ts). PostgreSQL
 * only: PGlite is one process's database.
 */

const SESSIONS = 200;
const ADMIN = { email: 'two-processes@leia.local', password: 'two-processes-password' };

describe('the runner on two server processes sharing PostgreSQL', () => {
  let model: FakeOpenAI;
  let database: TestDatabase;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) => {
        const last = request.body.messages?.at(-1)?.content;
        return { kind: 'reply', text: `You said: ${String(last)}.` };
      },
    });
    database = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    const config = testConfig({
      databaseUrl: database.databaseUrl,
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      llm: { provider: 'openai-compatible', baseUrl: model.url, model: 'fake', timeoutMs: 10_000 },
    });
    // One after the other: the first creates the admin and the signing secret, the second reads them.
    servers.push(await startServerProcess(config));
    servers.push(await startServerProcess(config));
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await model?.close();
    await database?.drop();
  });

  it(`spreads ${SESSIONS} sessions across both; each continues on the other process, with 0 errors`, async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    expect(a.url).not.toBe(b.url);
    // A token signed by one process is good on the other (the secret is in the database).
    const token = await loginAt(a.url, ADMIN);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const initialize = async (server: ServerProcess) => {
      const response = await fetch(`${server.url}/api/v1/runner/initialize`, {
        method: 'POST',
        headers,
        body: JSON.stringify(BENCH_LEIA),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { sessionId: string }).sessionId;
    };
    const send = async (server: ServerProcess, sessionId: string, message: string) => {
      const response = await fetch(`${server.url}/api/v1/runner/${sessionId}/messages`, {
        method: 'POST',
        headers: { ...headers, accept: 'text/event-stream' },
        body: JSON.stringify({ message }),
      });
      const events = parseEvents(await response.text());
      return { status: response.status, last: events.at(-1) };
    };

    const started = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, i) => {
        const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
        return { sessionId: await initialize(first), first, second };
      }),
    );
    const results = await Promise.all(
      started.map(async ({ sessionId, first, second }) => {
        const one = await send(first, sessionId, 'Hello');
        const two = await send(second, sessionId, 'And then?');
        // Back on the first, whose memory of the conversation is now out of date.
        const three = await send(first, sessionId, 'Once more?');
        const session = await fetch(`${first.url}/api/v1/runner/${sessionId}`, { headers });
        const { messages } = (await session.json()) as { messages: { text: string; isLeia: boolean }[] };
        return { one, two, three, messages };
      }),
    );

    const failures = results.filter(
      ({ one, two, three }) => ![one, two, three].every((r) => r.status === 200 && r.last?.event === 'done'),
    );
    expect(failures).toEqual([]);
    for (const { two, messages } of results) {
      // The second process answered from the history the first one stored.
      expect(two.last?.data.message).toBe('You said: And then?.');
      expect(messages.map((m) => [m.isLeia, m.text])).toEqual([
        [false, 'Hello'],
        [true, 'You said: Hello.'],
        [false, 'And then?'],
        [true, 'You said: And then?.'],
        [false, 'Once more?'],
        [true, 'You said: Once more?.'],
      ]);
    }
    // Every model request carried the whole conversation, whichever process sent it.
    const continued = model.requests.filter((r) => r.body.messages?.at(-1)?.content === 'And then?');
    expect(continued).toHaveLength(SESSIONS);
    for (const request of continued) expect(request.body.messages).toHaveLength(4);
    // The first process's call with what it remembered is cancelled; the one it answers with has all.
    const answered = model.requests.filter(
      (r) => r.body.messages?.at(-1)?.content === 'Once more?' && r.body.messages.length === 6,
    );
    expect(answered).toHaveLength(SESSIONS);
  });
});
