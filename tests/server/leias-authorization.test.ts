import type { Role } from '@shared/roles';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import { createLeia, createParts, leiaBody, type Parts } from './resource-helpers';

type Caller = 'anonymous' | Role;
const callers: Caller[] = ['anonymous', 'instructor', 'advanced', 'admin'];

let t: TestApp;
let stranger: TestUser;
let parts: Parts;
const as: Partial<Record<Caller, TestUser>> = {};
beforeAll(async () => {
  t = await createTestApp();
  as.instructor = await t.createUser('instructor');
  as.advanced = await t.createUser('advanced');
  as.admin = await t.createUser('admin');
  stranger = await t.createUser('instructor');
  parts = await createParts(t, t.admin.token, { publish: true });
});
afterAll(() => t.close());

const tokenOf = (caller: Caller) => (caller === 'anonymous' ? undefined : as[caller]!.token);
const status = async (method: 'GET' | 'POST' | 'DELETE', url: string, caller: Caller, payload?: object) =>
  (await t.request({ method, url, token: tokenOf(caller), payload })).statusCode;

const matrix: Array<{
  name: string;
  call: (caller: Caller) => Promise<number>;
  expected: Record<Caller, number>;
}> = [
  {
    name: 'GET /api/v1/leias',
    call: (caller) => status('GET', '/api/v1/leias?version=latest', caller),
    expected: { anonymous: 401, instructor: 200, advanced: 200, admin: 200 },
  },
  {
    name: 'GET /api/v1/leias/{id} (published)',
    call: async (caller) => {
      const leia = await createLeia(t, t.admin.token, parts, { publish: true });
      return status('GET', `/api/v1/leias/${leia.id}`, caller);
    },
    expected: { anonymous: 401, instructor: 200, advanced: 200, admin: 200 },
  },
  {
    name: "GET /api/v1/leias/{id} (someone else's unpublished)",
    call: async (caller) => {
      const leia = await createLeia(t, stranger.token, parts);
      return status('GET', `/api/v1/leias/${leia.id}`, caller);
    },
    expected: { anonymous: 401, instructor: 404, advanced: 404, admin: 200 },
  },
  {
    name: 'GET /api/v1/leias/exists/{name}',
    call: (caller) => status('GET', '/api/v1/leias/exists/anything', caller),
    expected: { anonymous: 401, instructor: 200, advanced: 200, admin: 200 },
  },
  {
    name: 'POST /api/v1/leias',
    call: (caller) => status('POST', '/api/v1/leias', caller, leiaBody(parts)),
    expected: { anonymous: 401, instructor: 201, advanced: 201, admin: 201 },
  },
  {
    name: 'POST /api/v1/leias?publish=true',
    call: (caller) => status('POST', '/api/v1/leias?publish=true', caller, leiaBody(parts)),
    expected: { anonymous: 401, instructor: 403, advanced: 403, admin: 201 },
  },
  {
    name: "DELETE /api/v1/leias/{id} (an admin's published one)",
    call: async (caller) => {
      const leia = await createLeia(t, t.admin.token, parts, { publish: true });
      return status('DELETE', `/api/v1/leias/${leia.id}`, caller);
    },
    expected: { anonymous: 401, instructor: 403, advanced: 403, admin: 204 },
  },
  {
    name: 'DELETE /api/v1/leias/{id} (own)',
    call: async (caller) => {
      const owner = caller === 'anonymous' ? stranger : as[caller]!;
      const leia = await createLeia(t, owner.token, parts);
      return status('DELETE', `/api/v1/leias/${leia.id}`, caller);
    },
    expected: { anonymous: 401, instructor: 204, advanced: 204, admin: 204 },
  },
];

describe.each(matrix)('$name', ({ call, expected }) => {
  it.each(callers)('as %s', async (caller) => {
    expect(await call(caller)).toBe(expected[caller]);
  });
});
