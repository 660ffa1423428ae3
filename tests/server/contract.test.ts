import { hashPassword } from '@server/auth/password';
import { users } from '@server/db/schema';
import { z } from 'zod';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import { behaviourBody, personaBody, problemBody, uniqueName } from './resource-helpers';

/**
 * The contract the original client was written against: every call of spec section 7 that exists
 * today, its answer parsed by a schema written here from the entities of section 3 (not imported
 * from the app, so a change to the app's own schemas cannot move the contract with it). Additions
 * are allowed (objects are not strict); a missing or renamed field fails here first. Instructors'
 * answers are also checked against the instructor view: a behaviour carries role and process only.
 */

const isoDate = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'an ISO date');
const role = z.enum(['admin', 'instructor', 'advanced']);
const owner = z.object({ id: z.string(), email: z.string(), role });
const metadata = z.object({ name: z.string(), version: z.string().regex(/^\d+\.\d+\.\d+$/) });

/** Section 3 "User": id, email, role, createdAt. */
const user = z.object({ id: z.string(), email: z.string(), role, createdAt: isoDate });

/** Section 3 "Resource". */
const resource = z.object({
  id: z.string(),
  apiVersion: z.literal('v1'),
  metadata,
  spec: z.record(z.string(), z.unknown()),
  user: owner,
  isPublished: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
const personaSpec = z.object({ fullName: z.string() });
const problemSpec = z.object({ description: z.string() });
const behaviourSpec = z.object({ description: z.string() });
/** What an instructor may read of a behaviour (section 1: the behaviour is hidden). */
const instructorBehaviourSpec = z.strictObject({
  role: z.string().optional(),
  process: z.array(z.string()).optional(),
});

/** Section 3 "{product}": spec holds problem, persona and behaviour, each with its own id and spec. */
const part = <S extends z.ZodType>(spec: S) => z.object({ id: z.string(), spec });
const leia = (behaviour: z.ZodType) =>
  z.object({
    id: z.string(),
    metadata,
    isPublished: z.boolean(),
    createdAt: isoDate,
    user: owner,
    spec: z.object({ problem: part(problemSpec), persona: part(personaSpec), behaviour: part(behaviour) }),
  });

/** Section 3 "Transcription message". */
const transcriptionMessage = z.strictObject({
  text: z.string().min(1),
  timestamp: z.iso.datetime(),
  isLeia: z.boolean(),
});

let t: TestApp;
let instructor: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  instructor = await t.createUser('instructor');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
async function call(method: Method, url: string, token: string | undefined, payload?: object) {
  const response = await t.request({ method, url: `/api/v1${url}`, token, ...(payload && { payload }) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.body === '' ? undefined : (response.json() as unknown);
}
const answer = async <S extends z.ZodType>(
  schema: S,
  method: Method,
  url: string,
  token?: string,
  payload?: object,
) => schema.parse(await call(method, url, token, payload)) as z.infer<S>;

/** The login token's payload, as the original client decodes it (no signature check). */
const tokenPayload = (token: string): unknown =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

describe('users (section 7)', () => {
  it('login, list, create, update, profile, password, delete', async () => {
    const { token: adminToken } = await answer(
      z.object({ token: z.string() }),
      'POST',
      '/users/login',
      undefined,
      {
        email: t.admin.email,
        password: t.admin.password,
      },
    );
    // The original shows Delete when `user.role === 'admin' || user.id === item.user.id`.
    expect(tokenPayload(adminToken)).toEqual({
      id: t.admin.id,
      sub: t.admin.id,
      email: t.admin.email,
      role: 'admin',
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(tokenPayload(instructor.token)).toMatchObject({ id: instructor.id, role: 'instructor' });
    await answer(z.array(user), 'GET', '/users', t.admin.token);
    const email = `${uniqueName('contract').replace(/\W/g, '')}@test.local`;
    const created = await call('POST', '/users', t.admin.token, {
      email,
      role: 'instructor',
      password: 'secret1',
    });
    const { id } = z.object({ id: z.string() }).parse(created);
    await call('PUT', `/users/${id}`, t.admin.token, { email, role: 'advanced' });
    const token = await t.login(email, 'secret1');
    await answer(user, 'PUT', '/users/profile/update', token, { email: `new-${email}` });
    await call('PUT', '/users/profile/change-password', token, {
      currentPassword: 'secret1',
      newPassword: 'secret2',
    });
    await call('DELETE', `/users/${id}`, t.admin.token);
  });
});

describe('resources (section 7)', () => {
  it.each([
    ['personas', personaBody, personaSpec],
    ['problems', problemBody, problemSpec],
    ['behaviours', behaviourBody, behaviourSpec],
  ] as const)('%s: create (id), list with filters, get, exists, delete', async (collection, body, spec) => {
    const created = await answer(
      resource.extend({ spec }),
      'POST',
      `/${collection}?publish=true`,
      t.admin.token,
      body(),
    );
    for (const query of ['', '?visibility=all', '?visibility=private', '?visibility=public']) {
      await answer(z.array(resource), 'GET', `/${collection}${query}`, t.admin.token);
    }
    if (collection !== 'personas') {
      await answer(z.array(resource), 'GET', `/${collection}?process=game`, t.admin.token);
    }
    await answer(resource.extend({ spec }), 'GET', `/${collection}/${created.id}`, t.admin.token);
    const exists = await answer(
      z.object({ exists: z.boolean() }),
      'GET',
      `/${collection}/exists/${encodeURIComponent(created.metadata.name)}`,
      t.admin.token,
    );
    expect(exists.exists).toBe(true);
    await call('DELETE', `/${collection}/${created.id}`, t.admin.token);
  });

  it('an instructor reads behaviours as the instructor view', async () => {
    const behaviour = await answer(
      resource,
      'POST',
      '/behaviours?publish=true',
      t.admin.token,
      behaviourBody(),
    );
    const instructorResource = resource.extend({ spec: instructorBehaviourSpec });
    await answer(instructorResource, 'GET', `/behaviours/${behaviour.id}`, instructor.token);
    await answer(z.array(instructorResource), 'GET', '/behaviours', instructor.token);
  });
});

describe('LEIAs and the runner (section 7)', () => {
  let ids: { persona: string; problem: string; behaviour: string };
  beforeAll(async () => {
    const make = async (collection: string, body: object) =>
      (await answer(resource, 'POST', `/${collection}?publish=true`, t.admin.token, body)).id;
    ids = {
      persona: await make('personas', personaBody()),
      problem: await make('problems', problemBody()),
      behaviour: await make('behaviours', behaviourBody()),
    };
  });

  it('create, list (each row a LEIA with its spec), exists, delete', async () => {
    const name = uniqueName('Contract LEIA');
    await call('POST', '/leias?publish=true', t.admin.token, {
      metadata: { name, version: '1.0.0' },
      spec: ids,
    });
    for (const query of [
      '',
      '?version=latest',
      '?version=',
      '?visibility=public',
      `?text=${encodeURIComponent(name)}`,
    ]) {
      await answer(z.array(leia(behaviourSpec)), 'GET', `/leias${query}`, t.admin.token);
    }
    const rows = await answer(z.array(leia(instructorBehaviourSpec)), 'GET', '/leias', instructor.token);
    const row = rows.find((item) => item.metadata.name === name)!;
    expect(row.spec.persona.id).toBe(ids.persona);
    expect(row.spec.behaviour.id).toBe(ids.behaviour);
    expect(row.spec.problem.spec.description).toEqual(expect.any(String));
    const exists = await answer(
      z.object({ exists: z.boolean() }),
      'GET',
      `/leias/exists/${encodeURIComponent(name)}`,
      t.admin.token,
    );
    expect(exists.exists).toBe(true);
    await call('DELETE', `/leias/${row.id}`, t.admin.token);
  });

  it('Try from a list row: initialize with {spec} (ids and specs, or ids only), then talk', async () => {
    await call('POST', '/leias?publish=true', t.admin.token, {
      metadata: { name: uniqueName('Try LEIA'), version: '1.0.0' },
      spec: ids,
    });
    const [row] = await answer(z.array(leia(instructorBehaviourSpec)), 'GET', '/leias', instructor.token);
    for (const spec of [row!.spec, ids]) {
      const { sessionId } = await answer(
        z.object({ sessionId: z.string() }),
        'POST',
        '/runner/initialize',
        instructor.token,
        {
          spec,
        },
      );
      const reply = await t.request({
        method: 'POST',
        url: `/api/v1/runner/${sessionId}/messages`,
        token: instructor.token,
        payload: { message: 'Hello, who are you?' },
      });
      expect(reply.statusCode).toBe(200);
      z.object({ message: z.string().min(1) }).parse(reply.json());
    }
    await answer(
      z.array(transcriptionMessage).min(1),
      'POST',
      '/runner/transcriptions/generate',
      instructor.token,
      {
        spec: row!.spec,
      },
    );
  });
});

/** Section 3 "Activity" and "{product} configuration in an activity". */
const leiaConfig = <L extends z.ZodType>(leia: L) =>
  z.object({
    id: z.string(),
    leia,
    configuration: z.object({
      mode: z.enum(['standard', 'transcription']),
      data: z
        .object({ link: z.string().optional(), messages: z.array(transcriptionMessage).optional() })
        .optional(),
    }),
  });
const activity = <L extends z.ZodType>(leia: L) =>
  z.object({
    id: z.string(),
    name: z.string(),
    createdAt: isoDate,
    isPublished: z.boolean(),
    visibility: z.enum(['private', 'public']),
    leias: z.array(leiaConfig(leia)),
  });
const populatedLeia = z.object({
  id: z.string(),
  metadata,
  spec: z.object({ problem: part(problemSpec), persona: part(personaSpec), behaviour: part(behaviourSpec) }),
});

describe('activities (section 7, experiments)', () => {
  it('list, create, add a LEIA, change its configuration, publish, delete', async () => {
    const ids = {
      persona: (await answer(resource, 'POST', '/personas?publish=true', t.admin.token, personaBody())).id,
      problem: (await answer(resource, 'POST', '/problems?publish=true', t.admin.token, problemBody())).id,
      behaviour: (await answer(resource, 'POST', '/behaviours?publish=true', t.admin.token, behaviourBody()))
        .id,
    };
    const name = uniqueName('Contract LEIA for an activity');
    await call('POST', '/leias?publish=true', t.admin.token, {
      metadata: { name, version: '1.0.0' },
      spec: ids,
    });
    const leiaId = (await answer(z.array(leia(behaviourSpec)), 'GET', '/leias', t.admin.token)).find(
      (row) => row.metadata.name === name,
    )!.id;

    const created = await answer(activity(z.string()), 'POST', '/experiments', t.admin.token, {
      name: uniqueName('Contract activity'),
    });
    await answer(
      z.array(activity(z.string())),
      'GET',
      '/experiments/user/me?visibility=private',
      t.admin.token,
    );
    const config = await answer(
      leiaConfig(z.string()),
      'POST',
      `/experiments/${created.id}/leias`,
      t.admin.token,
      {
        leia: leiaId,
      },
    );
    const populated = await answer(
      z.array(activity(populatedLeia)),
      'GET',
      '/experiments/user/me?populated=true',
      t.admin.token,
    );
    expect(
      populated.find((item) => item.id === created.id)?.leias[0]?.leia.spec.problem.spec.description,
    ).toEqual(expect.any(String));
    const link = {
      leia: leiaId,
      configuration: { mode: 'transcription', data: { link: 'https://example.org/t' } },
    };
    await answer(
      activity(z.unknown()),
      'PUT',
      `/experiments/${created.id}/leias/${config.id}`,
      t.admin.token,
      link,
    );
    const saved = {
      leia: leiaId,
      configuration: {
        mode: 'transcription',
        data: { messages: [{ text: 'Hi', timestamp: '2024-01-31T09:30:00Z', isLeia: false }] },
      },
    };
    await answer(
      activity(z.unknown()),
      'PUT',
      `/experiments/${created.id}/leias/${config.id}`,
      t.admin.token,
      saved,
    );
    await call('DELETE', `/experiments/${created.id}/leias/${config.id}`, t.admin.token);
    const published = await answer(
      activity(z.unknown()),
      'PATCH',
      `/experiments/${created.id}/publish`,
      t.admin.token,
    );
    expect(published.isPublished).toBe(true);
    const other = await answer(activity(z.string()), 'POST', '/experiments', t.admin.token, {
      name: uniqueName('Gone'),
    });
    await call('DELETE', `/experiments/${other.id}`, t.admin.token);
  });
});

/**
 * The original client never sends limit or cursor and never reads headers: every list of section 7
 * it shows must be whole. More than 50 rows each (the page size our own Search asks for).
 */
describe('lists are whole without a limit', () => {
  const MANY = 55;
  /** The body of a list call, and whether it says more rows exist. */
  const list = async (url: string, token = t.admin.token) => {
    const response = await t.request({ method: 'GET', url: `/api/v1${url}`, token });
    expect(response.statusCode, `GET ${url}: ${response.body}`).toBe(200);
    return { rows: response.json<{ id: string }[]>(), more: response.headers['x-next-cursor'] };
  };
  const idsOf = (rows: { id: string }[]) => new Set(rows.map((row) => row.id));

  it('LEIAs: a search and the landing list answer every match, with no cursor', async () => {
    const parts = {
      persona: (await answer(resource, 'POST', '/personas?publish=true', t.admin.token, personaBody())).id,
      problem: (await answer(resource, 'POST', '/problems?publish=true', t.admin.token, problemBody())).id,
      behaviour: (await answer(resource, 'POST', '/behaviours?publish=true', t.admin.token, behaviourBody()))
        .id,
    };
    const word = `wholelist${process.pid}`;
    const created: string[] = [];
    for (let i = 0; i < MANY; i++) {
      const leia = z.object({ id: z.string() }).parse(
        await call('POST', '/leias?publish=true', t.admin.token, {
          metadata: { name: `${word} ${i}`, version: '1.0.0' },
          spec: parts,
        }),
      );
      created.push(leia.id);
    }
    const searched = await list(`/leias?text=${word}&version=latest`, instructor.token);
    z.array(leia(instructorBehaviourSpec)).parse(searched.rows);
    expect(idsOf(searched.rows)).toEqual(new Set(created));
    expect(searched.more).toBeUndefined();
    const landing = await list('/leias');
    z.array(leia(behaviourSpec)).parse(landing.rows);
    expect(landing.rows.length).toBeGreaterThan(MANY);
    for (const id of created) expect(idsOf(landing.rows).has(id)).toBe(true);
    expect(landing.more).toBeUndefined();
  });

  it.each([
    ['personas', personaBody],
    ['problems', problemBody],
    ['behaviours', behaviourBody],
  ] as const)('%s', async (collection, body) => {
    const created: string[] = [];
    for (let i = 0; i < MANY; i++)
      created.push((await answer(resource, 'POST', `/${collection}?publish=true`, t.admin.token, body())).id);
    for (const query of ['', '?visibility=public']) {
      const { rows, more } = await list(`/${collection}${query}`, instructor.token);
      z.array(resource).parse(rows);
      for (const id of created) expect(idsOf(rows).has(id)).toBe(true);
      expect(more).toBeUndefined();
    }
  });

  it('users', async () => {
    // Straight into the table with one hash: 55 sign-ups through the API would hash 55 passwords.
    const passwordHash = await hashPassword('secret1');
    const created = await t.app.ctx.db
      .insert(users)
      .values(
        Array.from({ length: MANY }, (_, i) => ({
          email: `whole-list-${i}-${process.pid}@test.local`,
          role: 'instructor' as const,
          passwordHash,
        })),
      )
      .returning({ id: users.id });
    const { rows, more } = await list('/users');
    z.array(user).parse(rows);
    for (const { id } of created) expect(idsOf(rows).has(id)).toBe(true);
    expect(more).toBeUndefined();
  });

  it('activities', async () => {
    const created: string[] = [];
    for (let i = 0; i < MANY; i++) {
      const made = await answer(activity(z.string()), 'POST', '/experiments', t.admin.token, {
        name: uniqueName('Whole list activity'),
      });
      created.push(made.id);
    }
    for (const query of ['', '?visibility=private', '?populated=true']) {
      const { rows, more } = await list(`/experiments/user/me${query}`);
      z.array(activity(z.unknown())).parse(rows);
      for (const id of created) expect(idsOf(rows).has(id)).toBe(true);
      expect(more).toBeUndefined();
    }
  });
});

describe('the OpenAPI document (/api/docs)', () => {
  it('lists every route with its success response and the error body', async () => {
    const document = (
      t.app as unknown as {
        swagger(): { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
      }
    ).swagger();
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route: `${method} ${path}`, operation })),
    );
    expect(routes.length).toBeGreaterThanOrEqual(23);
    for (const { route, operation } of routes) {
      const codes = Object.keys(operation.responses ?? {});
      expect(
        codes.some((code) => /^2\d\d$/.test(code)),
        `${route} has no success response`,
      ).toBe(true);
      expect(codes, route).toContain('4XX');
    }
    expect(routes.map((r) => r.route)).toContain('get /api/health');
    const login = document.paths['/api/v1/users/login']?.post as { description?: string } | undefined;
    expect(login?.description).toContain('{id, sub, email, role, iat, exp}');
  });
});
