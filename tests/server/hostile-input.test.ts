import { INPUT_TEXTS } from '@shared/input-rules';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import {
  createParts,
  createResource,
  type Parts,
  personaBody,
  problemBody,
  uniqueName,
} from './resource-helpers';
import { startSession } from './runner-helpers';

/** Requests that once froze the server or answered 500: now each a clear 400 naming what is wrong. */

let t: TestApp;
let instructor: TestUser;
let parts: Parts;
beforeAll(async () => {
  t = await createTestApp();
  instructor = await t.createUser('instructor');
  parts = await createParts(t, t.admin.token, { publish: true });
});
afterAll(() => t.close());

const expect400 = async (
  response: { statusCode: number; json: () => unknown },
  field: string,
  message: string,
) => {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { message: string; validationErrors?: Record<string, string> };
  expect(body.message).toContain(field);
  expect(body.message).toContain(message);
  expect(body.validationErrors?.[field]).toContain(message);
};

describe('a LEIA whose placeholders would grow without bound', () => {
  it('is refused with a 400 naming the part, and the server keeps answering', async () => {
    const persona = await createResource(
      t,
      instructor.token,
      'persona',
      personaBody(uniqueName('Huge'), { x: 'x'.repeat(500_000) }),
    );
    const problem = await createResource(
      t,
      instructor.token,
      'problem',
      problemBody(uniqueName('Bomb'), { description: '{{persona.x}}'.repeat(400) }),
    );
    const spec = { persona: persona.id, problem: problem.id, behaviour: parts.behaviour.id };
    const [created, tried, health] = await Promise.all([
      t.request({
        method: 'POST',
        url: '/api/v1/leias',
        token: instructor.token,
        payload: { metadata: { name: uniqueName('Bomb'), version: '1.0.0' }, spec },
      }),
      t.request({
        method: 'POST',
        url: '/api/v1/runner/initialize',
        token: instructor.token,
        payload: { spec },
      }),
      t.request({ method: 'GET', url: '/api/health' }),
    ]);
    for (const response of [created, tried]) {
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(
        'The problem is too large once its placeholders are filled in',
      );
    }
    expect(health.statusCode).toBe(200);
  });
});

describe('text the database cannot store', () => {
  const NUL = '\u0000';

  it('a NUL anywhere in a body is a 400 naming the field', async () => {
    const post = (url: string, payload: object, token = instructor.token) =>
      t.request({ method: 'POST', url, token, payload });
    await expect400(
      await post('/api/v1/personas', personaBody(`Ann${NUL}`)),
      'metadata.name',
      INPUT_TEXTS.nul,
    );
    await expect400(
      await post('/api/v1/personas', personaBody(uniqueName('P'), { fullName: `A${NUL}` })),
      'spec.fullName',
      INPUT_TEXTS.nul,
    );
    await expect400(
      await post(
        '/api/v1/personas',
        personaBody(uniqueName('P'), { nested: { list: ['ok', { [`k${NUL}`]: 1 }] } }),
      ),
      `spec.nested.list.1.k${NUL}`,
      INPUT_TEXTS.nul,
    );
    await expect400(
      await t.request({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: `a${NUL}@b.c`, password: 'whatever' },
      }),
      'email',
      INPUT_TEXTS.nul,
    );
    const sessionId = await startSession(t, instructor.token, { leia: undefined, spec: parts });
    await expect400(
      await post(`/api/v1/runner/${sessionId}/messages`, { message: `hi${NUL}` }),
      'message',
      INPUT_TEXTS.nul,
    );
    await expect400(
      await post('/api/v1/runner/initialize', {
        spec: { ...parts, persona: { spec: { fullName: `X${NUL}` } } },
      }),
      'spec.persona.spec.fullName',
      INPUT_TEXTS.nul,
    );
  });

  it('a NUL in a query string or a path is a 400 too', async () => {
    const get = (url: string) => t.request({ method: 'GET', url, token: instructor.token });
    await expect400(await get('/api/v1/leias?text=%00'), 'text', INPUT_TEXTS.nul);
    await expect400(await get('/api/v1/personas/exists/%00'), 'name', INPUT_TEXTS.nul);
    await expect400(await get('/api/v1/leias/exists/a%00b'), 'name', INPUT_TEXTS.nul);
  });

  it('a lone surrogate in JSON is a 400; a real pair is kept exactly', async () => {
    const raw = (fullName: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/personas',
        token: instructor.token,
        headers: { 'content-type': 'application/json' },
        payload: `{"apiVersion":"v1","metadata":{"name":"${uniqueName('S')}"},"spec":{"fullName":"${fullName}"}}`,
      });
    await expect400(await raw('A\\ud800B'), 'spec.fullName', INPUT_TEXTS.surrogate);
    await expect400(await raw('A\\udc00'), 'spec.fullName', INPUT_TEXTS.surrogate);
    const kept = await raw('A \\ud83d\\ude00 \\u0007 tab\\t');
    expect(kept.statusCode).toBe(201);
    expect(kept.json<{ spec: { fullName: string } }>().spec.fullName).toBe('A 😀 \u0007 tab\t');
  });

  it('a spec nested 5,000 levels deep is a 400, not a stack overflow', async () => {
    // Written as text: JSON.stringify itself overflows on it.
    const deep = `${'{"d":'.repeat(5_000)}"bottom"${'}'.repeat(5_000)}`;
    const body = JSON.stringify(problemBody(uniqueName('Deep'), { notes: 'DEEP' })).replace('"DEEP"', deep);
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/problems',
      token: instructor.token,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(INPUT_TEXTS.tooDeep);
  });
});

describe('list cursors', () => {
  it.each([
    ['a number past bigint', `99999999999999999999_${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`],
    ['dashes for a uuid', `1_${'-'.repeat(36)}`],
    ['17 digits', `12345678901234567_${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`],
  ])('%s is a 400 naming the cursor', async (_what, cursor) => {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/leias?cursor=${encodeURIComponent(cursor)}`,
      token: instructor.token,
    });
    expect(response.statusCode).toBe(400);
    expect(
      response.json<{ validationErrors: Record<string, string> }>().validationErrors.cursor,
    ).toBeDefined();
  });
});

describe('a genuine server fault', () => {
  it('answers 500 with the request id it was logged under', async () => {
    const broken = await createTestApp();
    await broken.app.ctx.database.close();
    const response = await broken.request({
      method: 'GET',
      url: '/api/v1/personas',
      token: broken.admin.token,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Internal server error',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await broken.app.close().catch(() => {});
  });
});
