import type { VersionEntry } from '@shared/schemas/history';
import type { Leia } from '@shared/schemas/leias';
import type { ResourceItem } from '@shared/schemas/resource-api';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import { apiPost, createLeia, createResource, personaVersion, uniqueName } from './resource-helpers';

/**
 * Versions stay with their design's owner (issue 21, item 4): a version records who made it
 * (author) apart from who owns the design; an admin's restore or new version of an instructor's
 * design leaves the instructor its owner, with every right over every version. Concurrent
 * restores and saves each get a distinct higher version, or a 409 saying another version was saved
 * meanwhile; a POST with no body means the defaults.
 */

let t: TestApp;
let instructor: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  instructor = await t.createUser('instructor');
});
afterAll(() => t.close());

const post = (url: string, token: string, payload?: object) => apiPost(t, url, token, payload);
const versionsOf = async (url: string, token: string) => {
  const response = await t.request({ method: 'GET', url: `/api/v1${url}/versions`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VersionEntry[]>();
};
const who = (user: TestUser) => ({ id: user.id, email: user.email, role: user.role });

describe('an admin acting on an instructor’s private persona', () => {
  it('restores it as a new version the instructor still owns, and records the admin as its author', async () => {
    const name = uniqueName('Private');
    const v1 = await createResource(t, instructor.token, 'persona', personaVersion(name, '1.0.0'));
    const restored = await post(`/personas/${v1.id}/restore`, t.admin.token, {});
    expect(restored.statusCode, restored.body).toBe(201);
    const item = restored.json<ResourceItem>();
    expect(item.user).toEqual(who(instructor));
    expect(item.isPublished).toBe(false);
    const [made] = await versionsOf(`/personas/${v1.id}`, instructor.token);
    expect(made).toMatchObject({ id: item.id, user: who(instructor), author: who(t.admin) });

    // The owner keeps every right: versioning, restoring and deleting any version.
    expect((await post(`/personas/${item.id}/restore`, instructor.token, {})).statusCode).toBe(201);
    const v3 = await post('/personas', instructor.token, personaVersion(name, '3.0.0'));
    expect(v3.statusCode, v3.body).toBe(201);
    const history = await versionsOf(`/personas/${v1.id}`, instructor.token);
    expect(history.map((entry) => [entry.version, entry.user.id, entry.author?.id])).toEqual([
      ['3.0.0', instructor.id, instructor.id],
      ['1.2.0', instructor.id, instructor.id],
      ['1.1.0', instructor.id, t.admin.id],
      ['1.0.0', instructor.id, instructor.id],
    ]);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/personas/${item.id}`,
      token: instructor.token,
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('saves a new version of it that the instructor owns and may version again', async () => {
    const name = uniqueName('Saved');
    await createResource(t, instructor.token, 'persona', personaVersion(name, '1.0.0'));
    const byAdmin = await post('/personas', t.admin.token, personaVersion(name, '1.1.0'));
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json<ResourceItem>().user).toEqual(who(instructor));
    const [made] = await versionsOf(`/personas/${byAdmin.json<ResourceItem>().id}`, instructor.token);
    expect(made).toMatchObject({ version: '1.1.0', user: who(instructor), author: who(t.admin) });
    const again = await post('/personas', instructor.token, personaVersion(name, '1.2.0'));
    expect(again.statusCode, again.body).toBe(201);
    expect(
      (await post(`/personas/${byAdmin.json<ResourceItem>().id}/restore`, instructor.token, {})).statusCode,
    ).toBe(201);
  });
});

describe('an admin acting on an instructor’s private LEIA', () => {
  it('restores and versions it for its owner', async () => {
    // The instructor's own persona and problem, and a behaviour an admin published.
    const own = {
      persona: await createResource(t, instructor.token, 'persona'),
      problem: await createResource(t, instructor.token, 'problem'),
      behaviour: await createResource(t, t.admin.token, 'behaviour', undefined, true),
    };
    const name = uniqueName('Private LEIA');
    const v1 = await createLeia(t, instructor.token, own, { name });
    const restored = await post(`/leias/${v1.id}/restore`, t.admin.token);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json<Leia>().user).toEqual(who(instructor));
    const mine = await post(`/leias/${restored.json<Leia>().id}/restore`, instructor.token);
    expect(mine.statusCode, mine.body).toBe(201);
    const history = await versionsOf(`/leias/${v1.id}`, instructor.token);
    expect(history.map((entry) => [entry.version, entry.user.id, entry.author?.id])).toEqual([
      ['1.2.0', instructor.id, instructor.id],
      ['1.1.0', instructor.id, t.admin.id],
      ['1.0.0', instructor.id, instructor.id],
    ]);
  });
});

describe('a POST without a body', () => {
  it('restores with the defaults', async () => {
    const v1 = await createResource(
      t,
      instructor.token,
      'persona',
      personaVersion(uniqueName('Bare'), '1.0.0'),
    );
    const response = await post(`/personas/${v1.id}/restore`, instructor.token);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ResourceItem>().metadata.version).toBe('1.1.0');
  });

  it('means the defaults on every route whose body is all optional', async () => {
    const docs = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    const optional = Object.entries(docs.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => {
          const schema = operation.requestBody?.content?.['application/json']?.schema;
          return schema?.type === 'object' && (schema.required ?? []).length === 0;
        })
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    // Restore (four kinds) and the leak check at least.
    expect(optional.length).toBeGreaterThanOrEqual(5);
    for (const { method, path } of optional) {
      const url = path.replaceAll(/\{[^}]+\}/g, crypto.randomUUID());
      const response = await t.request({ method: method as 'POST', url, token: t.admin.token });
      const message = response.statusCode === 400 ? response.json<{ message: string }>().message : '';
      expect(message, `${method} ${path}`).not.toMatch(/expected object|received (null|undefined)/i);
    }
  });
});

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      { requestBody?: { content?: Record<string, { schema?: { type?: string; required?: string[] } }> } }
    >
  >;
}

describe('restores racing new versions of one persona', () => {
  it('each get a distinct higher version, or a 409 saying another version was saved meanwhile', async () => {
    const name = uniqueName('Raced');
    const v1 = await createResource(t, instructor.token, 'persona', personaVersion(name, '1.0.0'));
    const responses = await Promise.all([
      ...Array.from({ length: 8 }, () => post(`/personas/${v1.id}/restore`, instructor.token)),
      // What eight editors bumping 1.0.0 to its next major would all send.
      ...Array.from({ length: 8 }, () => post('/personas', instructor.token, personaVersion(name, '2.0.0'))),
    ]);
    const restores = responses.slice(0, 8);
    const saves = responses.slice(8);
    for (const response of restores) expect(response.statusCode, response.body).toBe(201);
    for (const response of saves) {
      expect([201, 409], response.body).toContain(response.statusCode);
      if (response.statusCode === 409) {
        expect(response.json().message).toMatch(/already exists|saved meanwhile/);
      }
    }
    const made = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json<ResourceItem>().metadata.version);
    expect(new Set(made).size).toBe(made.length);
    expect(made.filter((v) => v === '2.0.0').length).toBeLessThanOrEqual(1);
    const history = await versionsOf(`/personas/${v1.id}`, instructor.token);
    expect(history).toHaveLength(made.length + 1);
  });

  it('saves of rising versions racing restores: each a distinct version, a 409, or a version already too low', async () => {
    const name = uniqueName('Rising');
    const v1 = await createResource(t, instructor.token, 'persona', personaVersion(name, '1.0.0'));
    const responses = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        post('/personas', instructor.token, personaVersion(name, `1.${i + 1}.0`)),
      ),
      ...Array.from({ length: 8 }, () => post(`/personas/${v1.id}/restore`, instructor.token)),
    ]);
    for (const response of responses.slice(8)) expect(response.statusCode, response.body).toBe(201);
    for (const response of responses.slice(0, 8)) {
      expect([201, 400, 409], response.body).toContain(response.statusCode);
      // A 400 only for a version that was already too low when the request arrived.
      if (response.statusCode === 400) expect(response.json().message).toMatch(/must be higher than/);
      if (response.statusCode === 409)
        expect(response.json().message).toMatch(/already exists|saved meanwhile/);
    }
    const made = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json<ResourceItem>().metadata.version);
    expect(new Set(made).size).toBe(made.length);
  });
});
