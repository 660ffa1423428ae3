import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import {
  behaviourBody,
  createLeia,
  createParts,
  type Parts,
  personaBody,
  problemBody,
} from './resource-helpers';

/**
 * Keeps the class of issue "bad input answers 500" closed: thousands of generated bad requests
 * across every route the API documents (so new routes are covered without editing this file) and
 * every method, as each role, with a broken token and with none. Each request carries at least one
 * thing that must make it fail, so none may change anything; the test asserts no 5xx, that the
 * server still answers, and that what the admin can read is identical before and after.
 */

const RUNS = 2_000;

let t: TestApp;
let callers: Record<string, string | undefined>;
let parts: Parts;
let leiaId: string;
let routes: Array<{ method: string; path: string }>;
beforeAll(async () => {
  t = await createTestApp();
  const users: Record<string, TestUser> = {
    instructor: await t.createUser('instructor'),
    advanced: await t.createUser('advanced'),
  };
  callers = {
    anonymous: undefined,
    broken: `${t.admin.token.slice(0, -4)}AAAA`,
    garbage: 'not.a.token',
    instructor: users.instructor!.token,
    advanced: users.advanced!.token,
    admin: t.admin.token,
  };
  parts = await createParts(t, t.admin.token, { publish: true });
  leiaId = (await createLeia(t, t.admin.token, parts, { publish: true })).id;
  const documented = (t.app as unknown as { swagger(): { paths: Record<string, object> } }).swagger().paths;
  routes = Object.entries(documented).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
}, 60_000);
afterAll(() => t.close());

/** What the admin can read: everything, every version, every page. */
async function adminView(): Promise<string> {
  const read = async (url: string) => {
    const response = await t.request({ method: 'GET', url, token: t.admin.token });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };
  const leias: string[] = [];
  let cursor: string | undefined;
  do {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/leias?version=&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      token: t.admin.token,
    });
    leias.push(response.body);
    cursor = response.headers['x-next-cursor'] as string | undefined;
  } while (cursor);
  return [
    await read('/api/v1/users'),
    await read('/api/v1/users/me'),
    await read('/api/v1/personas'),
    await read('/api/v1/problems'),
    await read('/api/v1/behaviours'),
    ...leias,
  ].join('\n');
}

/** A realistic body per route that takes one, and the fields whose wrong type must fail it. */
const templates = (): Record<string, { body: Record<string, unknown>; required: string[][] }> => ({
  'POST /api/v1/users/login': { body: { email: 'a@b.co', password: 'password' }, required: [['email']] },
  'PUT /api/v1/users/profile/update': { body: { email: 'new@b.co' }, required: [['email']] },
  'PUT /api/v1/users/profile/change-password': {
    body: { currentPassword: 'password', newPassword: 'new-password' },
    required: [['newPassword'], ['currentPassword']],
  },
  'POST /api/v1/users': {
    body: { email: 'n@b.co', role: 'instructor', password: 'password' },
    required: [['email'], ['password']],
  },
  'PUT /api/v1/users/{id}': { body: { email: 'n@b.co', role: 'admin' }, required: [['email'], ['role']] },
  'POST /api/v1/personas': {
    body: personaBody(),
    required: [
      ['metadata', 'name'],
      ['spec', 'fullName'],
    ],
  },
  'POST /api/v1/problems': {
    body: problemBody(),
    required: [
      ['metadata', 'name'],
      ['spec', 'description'],
    ],
  },
  'POST /api/v1/behaviours': {
    body: behaviourBody(),
    required: [
      ['metadata', 'name'],
      ['spec', 'description'],
    ],
  },
  'POST /api/v1/leias': {
    body: {
      metadata: { name: 'Generated', version: '1.0.0' },
      spec: { persona: parts.persona.id, problem: parts.problem.id, behaviour: parts.behaviour.id },
    },
    required: [['metadata', 'name'], ['spec', 'persona'], ['spec']],
  },
  'POST /api/v1/runner/initialize': { body: { leia: leiaId }, required: [['leia']] },
  'POST /api/v1/runner/transcriptions/generate': { body: { leia: leiaId }, required: [['leia']] },
  'POST /api/v1/runner/{sessionId}/messages': { body: { message: 'Hello' }, required: [['message']] },
});

const NUL = '\u0000';
const LONE = '\ud800';
const badText = fc.oneof(
  fc.constantFrom(NUL, `a${NUL}b`, LONE, `x${LONE}`, '\udfff', `${NUL}${LONE}`),
  fc.string().map((text) => `${text}${NUL}`),
  fc.string().map((text) => `${LONE}${text}`),
);
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
  fc.constant(''),
  fc.constant('   '),
);
const malformedId = fc.oneof(
  fc.constantFrom('not-a-uuid', '-'.repeat(36), '..', '%25', '__proto__', 'constructor', '0', ' '),
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 40 }).map((text) => `${text}x`),
  badText.map((text) => `id${text}`),
  fc.constant('x'.repeat(5_000)),
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  badText,
  fc.constantFrom(
    '99999999999999999999_00000000-0000-0000-0000-000000000000',
    `1_${'-'.repeat(36)}`,
    '-1',
    '1e309',
    'NaN',
    'true',
    'latest',
    'all',
    'x'.repeat(5_000),
  ),
);
const query = fc.dictionary(
  fc.constantFrom(
    'text',
    'version',
    'visibility',
    'cursor',
    'limit',
    'owner',
    'fields',
    'process',
    'publish',
    'x',
  ),
  queryValue,
  { maxKeys: 3 },
);
/** Deep enough to trip the nesting rule (and once to overflow a recursive serialiser). */
const deepJson = fc
  .integer({ min: 65, max: 6_000 })
  .map((depth) => `${'{"d":'.repeat(depth)}1${'}'.repeat(depth)}`);

type Poison =
  | { kind: 'text'; text: string; where: 'body' | 'query' | 'param' }
  | { kind: 'deep'; json: string }
  | { kind: 'contentType'; type: string; payload: string }
  | { kind: 'prototype'; key: '__proto__' | 'constructor' }
  | { kind: 'wrongType'; pick: number; value: unknown }
  | { kind: 'huge' }
  | { kind: 'none' };

const poison: fc.Arbitrary<Poison> = fc.oneof(
  fc.record({
    kind: fc.constant('text' as const),
    text: badText,
    where: fc.constantFrom('body', 'query', 'param'),
  }),
  fc.record({ kind: fc.constant('deep' as const), json: deepJson }),
  fc.record({
    kind: fc.constant('contentType' as const),
    type: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/json',
    ),
    payload: fc.constantFrom('{"email":', '{', 'a=1&b=2', '--x\r\n', '[1,2', 'null', '"text"', '[]'),
  }),
  fc.record({ kind: fc.constant('prototype' as const), key: fc.constantFrom('__proto__', 'constructor') }),
  fc.record({ kind: fc.constant('wrongType' as const), pick: fc.nat(), value: wrongType }),
  fc.constant({ kind: 'huge' as const }),
  fc.constant({ kind: 'none' as const }),
);

/** Percent-encoding that also writes what a browser cannot: a lone surrogate as its WTF-8 bytes. */
const encodeAny = (text: string): string =>
  Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  }).join('');

const setPath = (target: Record<string, unknown>, path: string[], value: unknown) => {
  let node = target;
  for (const key of path.slice(0, -1)) {
    node[key] = typeof node[key] === 'object' && node[key] !== null ? { ...(node[key] as object) } : {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
};

interface Plan {
  route: { method: string; path: string };
  caller: string;
  id: string;
  query: Record<string, string>;
  poison: Poison;
  extra: unknown;
}

/** Builds the request; returns undefined for a combination that is not certain to fail. */
function requestOf(plan: Plan) {
  const { route } = plan;
  const key = `${route.method} ${route.path}`;
  const template = templates()[key];
  const hasParam = route.path.includes('{');
  const changes = route.method !== 'GET';
  const url = route.path.replace(/\{[^}]+\}/g, () =>
    encodeAny(plan.poison.kind === 'text' && plan.poison.where === 'param' ? plan.poison.text : plan.id),
  );
  const search = Object.entries(plan.query).map(([name, value]) => `${name}=${encodeAny(value)}`);
  if (plan.poison.kind === 'text' && plan.poison.where === 'query') {
    search.push(`text=${encodeAny(plan.poison.text)}`);
    // Only a NUL is certain to fail every route, and only when the rest decodes: a query value with
    // broken percent-encoding (a lone surrogate's bytes) is kept raw, NUL escape and all.
    const certain = plan.poison.text.includes(NUL) && plan.poison.text.isWellFormed();
    if (changes && !hasParam && !certain) return undefined;
  }
  const body: Record<string, unknown> = structuredClone(template?.body ?? { anything: plan.extra });
  let payload: string | undefined = JSON.stringify(body);
  let contentType = 'application/json';
  switch (plan.poison.kind) {
    case 'text':
      if (plan.poison.where === 'body') {
        setPath(body, ['note'], plan.poison.text);
        payload = JSON.stringify(body);
      }
      if (plan.poison.where === 'param' && !hasParam) return undefined;
      break;
    case 'deep':
      payload = payload.replace(/^\{/, `{"nested":${plan.poison.json},`);
      break;
    case 'contentType':
      contentType = plan.poison.type;
      payload = plan.poison.payload;
      // A JSON content type with a valid JSON value that is not the route's object.
      if (contentType === 'application/json' && template && ['null', '"text"', '[]'].includes(payload)) break;
      break;
    case 'prototype':
      payload = payload.replace(/^\{/, `{"${plan.poison.key}":{"prototype":{"isAdmin":true}},`);
      break;
    case 'wrongType': {
      if (!template && changes && !hasParam) return undefined;
      if (!template) break;
      const field = template.required[plan.poison.pick % template.required.length]!;
      setPath(body, field, plan.poison.value);
      payload = JSON.stringify(body);
      break;
    }
    case 'huge':
      setPath(body, ['note'], 'x'.repeat(1_100_000));
      payload = JSON.stringify(body);
      break;
    case 'none':
      // Only a malformed id, or a read, is certain to change nothing.
      if (changes && !hasParam) return undefined;
      break;
  }
  return { url: `${url}${search.length ? `?${search.join('&')}` : ''}`, payload, contentType };
}

const plans = fc.record({
  route: fc.nat().map((n) => routes[n % routes.length]!),
  caller: fc.constantFrom('anonymous', 'broken', 'garbage', 'instructor', 'advanced', 'admin'),
  id: malformedId,
  query,
  poison,
  extra: fc.jsonValue({ maxDepth: 3 }),
});

describe(`${RUNS} generated bad requests`, () => {
  it('never answer 5xx, leave the server answering, and change nothing the admin can read', async () => {
    const before = await adminView();
    let sent = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(plans, async (plan) => {
        const request = requestOf(plan);
        if (!request) return;
        const response: LightMyRequestResponse = await t.request({
          method: plan.route.method as 'GET',
          url: request.url,
          token: callers[plan.caller],
          headers: { 'content-type': request.contentType },
          ...(plan.route.method === 'GET' ? {} : { payload: request.payload }),
        });
        sent++;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode, `${plan.route.method} ${request.url} -> ${response.body}`).toBeLessThan(
          500,
        );
        if (response.statusCode >= 400) expect(response.json()).toHaveProperty('message');
      }),
      // Some plans make no request (requestOf skips them): enough plans that RUNS requests are sent.
      { numRuns: RUNS * 1.5 },
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    // Every kind of refusal happened (a run that only ever hit one rule would prove little).
    for (const status of [400, 401, 404]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const after = await adminView();
    expect(after).toBe(before);
  }, 240_000);
});
