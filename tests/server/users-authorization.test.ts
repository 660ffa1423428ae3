import type { Role } from '@shared/roles';
import { createTestApp, type TestApp, type TestUser } from './helpers';

type Caller = 'anonymous' | Role;
const callers: Caller[] = ['anonymous', 'instructor', 'advanced', 'admin'];

let t: TestApp;
const as: Partial<Record<Caller, TestUser>> = {};
beforeAll(async () => {
  t = await createTestApp();
  as.instructor = await t.createUser('instructor');
  as.advanced = await t.createUser('advanced');
  as.admin = await t.createUser('admin');
});
afterAll(() => t.close());

/** Each endpoint with a fresh target per call, and the status each caller must get. */
const matrix: Array<{
  name: string;
  call: (token: string | undefined, caller: Caller) => Promise<number>;
  expected: Record<Caller, number>;
}> = [
  {
    name: 'GET /api/v1/users/me',
    call: async (token) => (await t.request({ method: 'GET', url: '/api/v1/users/me', token })).statusCode,
    expected: { anonymous: 401, instructor: 200, advanced: 200, admin: 200 },
  },
  {
    name: 'GET /api/v1/users',
    call: async (token) => (await t.request({ method: 'GET', url: '/api/v1/users', token })).statusCode,
    expected: { anonymous: 401, instructor: 403, advanced: 403, admin: 200 },
  },
  {
    name: 'POST /api/v1/users',
    call: async (token, caller) =>
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/users',
          token,
          payload: { email: `matrix-${caller}@test.local`, password: 'secret1', role: 'instructor' },
        })
      ).statusCode,
    expected: { anonymous: 401, instructor: 403, advanced: 403, admin: 201 },
  },
  {
    name: 'PUT /api/v1/users/{id}',
    call: async (token, caller) => {
      const target = await t.createUser('instructor');
      return (
        await t.request({
          method: 'PUT',
          url: `/api/v1/users/${target.id}`,
          token,
          payload: { email: `edited-${caller}-${target.email}`, role: 'advanced' },
        })
      ).statusCode;
    },
    expected: { anonymous: 401, instructor: 403, advanced: 403, admin: 200 },
  },
  {
    name: 'DELETE /api/v1/users/{id}',
    call: async (token) => {
      const target = await t.createUser('instructor');
      return (await t.request({ method: 'DELETE', url: `/api/v1/users/${target.id}`, token })).statusCode;
    },
    expected: { anonymous: 401, instructor: 403, advanced: 403, admin: 204 },
  },
  {
    name: 'PUT /api/v1/users/profile/update',
    call: async (token, caller) =>
      (
        await t.request({
          method: 'PUT',
          url: '/api/v1/users/profile/update',
          token,
          payload: { email: `profile-${caller}@test.local` },
        })
      ).statusCode,
    expected: { anonymous: 401, instructor: 200, advanced: 200, admin: 200 },
  },
  {
    name: 'PUT /api/v1/users/profile/change-password',
    call: async (token, caller) =>
      (
        await t.request({
          method: 'PUT',
          url: '/api/v1/users/profile/change-password',
          token,
          payload: {
            currentPassword: caller === 'anonymous' ? 'x' : as[caller]!.password,
            newPassword: 'rotated-pass',
          },
        })
      ).statusCode,
    expected: { anonymous: 401, instructor: 200, advanced: 200, admin: 200 },
  },
];

describe.each(matrix)('$name', ({ call, expected }) => {
  it.each(callers)('as %s', async (caller) => {
    const token = caller === 'anonymous' ? undefined : as[caller]!.token;
    expect(await call(token, caller)).toBe(expected[caller]);
  });
});
