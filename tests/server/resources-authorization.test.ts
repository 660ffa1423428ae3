import type { Role } from '@shared/roles';
import { RESOURCE_COLLECTIONS, type ResourceKind, resourceKinds } from '@shared/schemas/resources';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import { BODIES, createResource } from './resource-helpers';

type Caller = 'anonymous' | Role;
const callers: Caller[] = ['anonymous', 'instructor', 'advanced', 'admin'];

let t: TestApp;
let stranger: TestUser;
const as: Partial<Record<Caller, TestUser>> = {};
beforeAll(async () => {
  t = await createTestApp();
  as.instructor = await t.createUser('instructor');
  as.advanced = await t.createUser('advanced');
  as.admin = await t.createUser('admin');
  stranger = await t.createUser('advanced');
});
afterAll(() => t.close());

const tokenOf = (caller: Caller) => (caller === 'anonymous' ? undefined : as[caller]!.token);
/** Who creates "the caller's own" item: instructors cannot own behaviours, so theirs is unreachable. */
const ownerFor = (kind: ResourceKind, caller: Caller) =>
  caller === 'anonymous' || (kind === 'behaviour' && caller === 'instructor') ? stranger : as[caller]!;

type Row = {
  name: string;
  call: (kind: ResourceKind, caller: Caller) => Promise<number>;
  expected: (kind: ResourceKind) => Record<Caller, number>;
};

const same = (anonymous: number, others: number) => () => ({
  anonymous,
  instructor: others,
  advanced: others,
  admin: others,
});

const matrix: Row[] = [
  {
    name: 'GET list',
    call: async (kind, caller) =>
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/${RESOURCE_COLLECTIONS[kind]}`,
          token: tokenOf(caller),
        })
      ).statusCode,
    expected: same(401, 200),
  },
  {
    name: 'GET one (published)',
    call: async (kind, caller) => {
      const item = await createResource(t, t.admin.token, kind, BODIES[kind](), true);
      return (
        await t.request({
          method: 'GET',
          url: `/api/v1/${RESOURCE_COLLECTIONS[kind]}/${item.id}`,
          token: tokenOf(caller),
        })
      ).statusCode;
    },
    expected: same(401, 200),
  },
  {
    name: "GET one (someone else's unpublished)",
    call: async (kind, caller) => {
      const item = await createResource(t, stranger.token, kind);
      return (
        await t.request({
          method: 'GET',
          url: `/api/v1/${RESOURCE_COLLECTIONS[kind]}/${item.id}`,
          token: tokenOf(caller),
        })
      ).statusCode;
    },
    expected: () => ({ anonymous: 401, instructor: 404, advanced: 404, admin: 200 }),
  },
  {
    name: 'GET exists/{name}',
    call: async (kind, caller) =>
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/${RESOURCE_COLLECTIONS[kind]}/exists/x`,
          token: tokenOf(caller),
        })
      ).statusCode,
    expected: same(401, 200),
  },
  {
    name: 'POST',
    call: async (kind, caller) =>
      (
        await t.request({
          method: 'POST',
          url: `/api/v1/${RESOURCE_COLLECTIONS[kind]}`,
          token: tokenOf(caller),
          payload: BODIES[kind](),
        })
      ).statusCode,
    expected: (kind) => ({
      anonymous: 401,
      instructor: kind === 'behaviour' ? 403 : 201,
      advanced: 201,
      admin: 201,
    }),
  },
  {
    name: 'POST ?publish=true',
    call: async (kind, caller) =>
      (
        await t.request({
          method: 'POST',
          url: `/api/v1/${RESOURCE_COLLECTIONS[kind]}?publish=true`,
          token: tokenOf(caller),
          payload: BODIES[kind](),
        })
      ).statusCode,
    expected: () => ({ anonymous: 401, instructor: 403, advanced: 403, admin: 201 }),
  },
  {
    name: "DELETE an admin's published one",
    call: async (kind, caller) => {
      const shown = await createResource(t, t.admin.token, kind, BODIES[kind](), true);
      return (
        await t.request({
          method: 'DELETE',
          url: `/api/v1/${RESOURCE_COLLECTIONS[kind]}/${shown.id}`,
          token: tokenOf(caller),
        })
      ).statusCode;
    },
    expected: () => ({ anonymous: 401, instructor: 403, advanced: 403, admin: 204 }),
  },
  {
    name: 'DELETE own',
    call: async (kind, caller) => {
      const owner = ownerFor(kind, caller);
      const item = await createResource(t, owner.token, kind);
      return (
        await t.request({
          method: 'DELETE',
          url: `/api/v1/${RESOURCE_COLLECTIONS[kind]}/${item.id}`,
          token: tokenOf(caller),
        })
      ).statusCode;
    },
    // An instructor owns no behaviour: the one they try is a stranger's unpublished one (404).
    expected: (kind) => ({
      anonymous: 401,
      instructor: kind === 'behaviour' ? 404 : 204,
      advanced: 204,
      admin: 204,
    }),
  },
];

describe.each(resourceKinds)('%s', (kind) => {
  describe.each(matrix)('$name', ({ call, expected }) => {
    it.each(callers)('as %s', async (caller) => {
      expect(await call(kind, caller)).toBe(expected(kind)[caller]);
    });
  });
});
