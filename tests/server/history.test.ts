import { HISTORY_TEXTS, type Lineage, type VersionEntry } from '@shared/schemas/history';
import type { Leia } from '@shared/schemas/leias';
import type { ResourceItem } from '@shared/schemas/resource-api';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import {
  behaviourBody,
  createLeia,
  createParts,
  createResource,
  type Parts,
  personaBody,
  problemBody,
  uniqueName,
} from './resource-helpers';

/** Versions with notes, history, restore and lineage of parts and LEIAs (issue 13's API). */

let t: TestApp;
let instructor: TestUser;
let advanced: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  instructor = await t.createUser('instructor');
  advanced = await t.createUser('advanced');
});
afterAll(() => t.close());

const get = <T>(url: string, token: string) =>
  t.request({ method: 'GET', url: `/api/v1${url}`, token }).then((response) => {
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  });
const restore = (url: string, token: string, payload: object = {}) =>
  t.request({ method: 'POST', url: `/api/v1${url}/restore`, token, payload });
const version = (name: string, v: string, spec: Record<string, unknown>, extra: object = {}) => ({
  ...personaBody(name, spec),
  metadata: { name, version: v },
  ...extra,
});

describe('a persona’s versions', () => {
  it('carry notes, list newest first as the caller may see them, and restore as a new version', async () => {
    const name = uniqueName('Ann');
    const v1 = await createResource(
      t,
      t.admin.token,
      'persona',
      version(name, '1.0.0', { personality: 'calm' }),
      true,
    );
    const v11 = await createResource(
      t,
      t.admin.token,
      'persona',
      version(name, '1.1.0', { personality: 'busy' }, { note: '  Busier now  ', derivedFrom: v1.id }),
    );
    expect(v11.note).toBe('Busier now');

    const asAdmin = await get<VersionEntry[]>(`/personas/${v1.id}/versions`, t.admin.token);
    expect(asAdmin.map((entry) => [entry.version, entry.note, entry.isPublished])).toEqual([
      ['1.1.0', 'Busier now', false],
      ['1.0.0', undefined, true],
    ]);
    expect(asAdmin[0]).toEqual({
      id: v11.id,
      name,
      version: '1.1.0',
      createdAt: v11.createdAt,
      user: { id: t.admin.id, email: t.admin.email, role: 'admin' },
      author: { id: t.admin.id, email: t.admin.email, role: 'admin' },
      isPublished: false,
      note: 'Busier now',
    });
    // The draft is the admin's: an instructor sees only the published version.
    const asInstructor = await get<VersionEntry[]>(`/personas/${v1.id}/versions`, instructor.token);
    expect(asInstructor.map((entry) => entry.version)).toEqual(['1.0.0']);

    const restored = await restore(`/personas/${v1.id}`, t.admin.token);
    expect(restored.statusCode).toBe(201);
    const item = restored.json<ResourceItem>();
    expect(item.metadata).toEqual({ name, version: '1.2.0' });
    expect(item.note).toBe(HISTORY_TEXTS.restoredFrom('1.0.0'));
    expect(item.spec).toEqual(v1.spec);
    expect(
      (await restore(`/personas/${v1.id}`, t.admin.token, { bump: 'major' })).json().metadata.version,
    ).toBe('2.0.0');
    // Lineage: the restore came from 1.0.0, and 1.0.0 lists what was made from it.
    expect((await get<Lineage>(`/personas/${item.id}/lineage`, t.admin.token)).derivedFrom).toEqual({
      visible: true,
      id: v1.id,
      name,
      version: '1.0.0',
    });
    const made = await get<Lineage>(`/personas/${v1.id}/lineage`, t.admin.token);
    expect(made.derived.map((entry) => entry.version).sort()).toEqual(['1.1.0', '1.2.0', '2.0.0']);
  });

  it('a restore follows the rules of a new version: owner or admin, and only admins publish', async () => {
    const name = uniqueName('Owned');
    const v1 = await createResource(t, t.admin.token, 'persona', version(name, '1.0.0', {}), true);
    expect((await restore(`/personas/${v1.id}`, instructor.token)).statusCode).toBe(403);
    const mine = await createResource(
      t,
      instructor.token,
      'persona',
      version(uniqueName('Mine'), '1.0.0', {}),
    );
    expect((await restore(`/personas/${mine.id}`, instructor.token)).statusCode).toBe(201);
    const publishing = await t.request({
      method: 'POST',
      url: `/api/v1/personas/${mine.id}/restore?publish=true`,
      token: instructor.token,
      payload: {},
    });
    expect(publishing.statusCode).toBe(403);
  });

  it('refuses a note over 500 characters and a source the caller may not read', async () => {
    const long = await t.request({
      method: 'POST',
      url: '/api/v1/personas',
      token: instructor.token,
      payload: version(uniqueName('Long'), '1.0.0', {}, { note: 'x'.repeat(501) }),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().validationErrors).toEqual({ note: HISTORY_TEXTS.noteTooLong });
    const privateOne = await createResource(
      t,
      advanced.token,
      'persona',
      version(uniqueName('Priv'), '1.0.0', {}),
    );
    for (const derivedFrom of [privateOne.id, crypto.randomUUID()]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/personas',
        token: instructor.token,
        payload: version(uniqueName('Copy'), '1.0.0', {}, { derivedFrom }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(HISTORY_TEXTS.derivedFromNotFound);
    }
  });
});

describe('lineage', () => {
  it('never names a source the caller may not read', async () => {
    const secret = await createResource(
      t,
      t.admin.token,
      'problem',
      problemBody(uniqueName('Secret source')),
    );
    const shared = await createResource(
      t,
      t.admin.token,
      'problem',
      { ...problemBody(uniqueName('Shared')), derivedFrom: secret.id },
      true,
    );
    const asInstructor = await t.request({
      method: 'GET',
      url: `/api/v1/problems/${shared.id}/lineage`,
      token: instructor.token,
    });
    expect(asInstructor.json()).toEqual({ derivedFrom: { visible: false }, derived: [] });
    expect(asInstructor.body).not.toContain(secret.metadata.name);
    expect(asInstructor.body).not.toContain(secret.id);
    expect((await get<Lineage>(`/problems/${shared.id}/lineage`, t.admin.token)).derivedFrom).toMatchObject({
      visible: true,
      name: secret.metadata.name,
    });
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/problems/${secret.id}/lineage`,
          token: instructor.token,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('behaviours', () => {
  it('instructors see their versions (metadata only) and can never restore one', async () => {
    const name = uniqueName('Host');
    const v1 = await createResource(
      t,
      t.admin.token,
      'behaviour',
      { ...behaviourBody(name, { description: 'HIDDEN-V1' }) },
      true,
    );
    await createResource(
      t,
      t.admin.token,
      'behaviour',
      {
        ...behaviourBody(name, { description: 'HIDDEN-V2' }),
        metadata: { name, version: '1.1.0' },
        note: 'Stricter',
      },
      true,
    );
    const versions = await t.request({
      method: 'GET',
      url: `/api/v1/behaviours/${v1.id}/versions`,
      token: instructor.token,
    });
    expect(versions.json<VersionEntry[]>().map((entry) => entry.version)).toEqual(['1.1.0', '1.0.0']);
    expect(versions.body).not.toContain('HIDDEN');
    expect(versions.body).not.toContain('"spec"');
    const refused = await restore(`/behaviours/${v1.id}`, instructor.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('HIDDEN');
    expect((await restore(`/behaviours/${v1.id}`, advanced.token)).statusCode).toBe(403);
    expect((await restore(`/behaviours/${v1.id}`, t.admin.token)).json().spec.description).toBe('HIDDEN-V1');
  });
});

describe('a LEIA’s versions', () => {
  let parts: Parts;
  beforeAll(async () => {
    parts = await createParts(t, t.admin.token, { publish: true });
  });

  it('record notes and lineage; restoring 1.0.0 rebuilds it on its own parts as the next version', async () => {
    const name = uniqueName('Library LEIA');
    const v1 = await createLeia(t, t.admin.token, parts, { name, publish: true });
    const otherProblem = await createResource(
      t,
      t.admin.token,
      'problem',
      problemBody(uniqueName('Other')),
      true,
    );
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/leias',
      token: t.admin.token,
      payload: {
        metadata: { name, version: '1.1.0' },
        spec: { persona: parts.persona.id, problem: otherProblem.id, behaviour: parts.behaviour.id },
        note: 'Another problem',
        derivedFrom: v1.id,
      },
    });
    expect(created.statusCode).toBe(201);
    const v11 = created.json<Leia>();
    expect(v11.note).toBe('Another problem');
    expect((await get<Lineage>(`/leias/${v11.id}/lineage`, t.admin.token)).derivedFrom).toEqual({
      visible: true,
      id: v1.id,
      name,
      version: '1.0.0',
    });
    const history = await get<VersionEntry[]>(`/leias/${v1.id}/versions`, t.admin.token);
    expect(history.map((entry) => [entry.version, entry.note])).toEqual([
      ['1.1.0', 'Another problem'],
      ['1.0.0', undefined],
    ]);
    const restored = (await restore(`/leias/${v1.id}`, t.admin.token)).json<Leia>();
    expect(restored.metadata.version).toBe('1.2.0');
    expect(restored.note).toBe('Restored from v1.0.0');
    expect(restored.spec.problem.id).toBe(parts.problem.id);
    expect(restored.spec.problem.spec).toEqual(v1.spec.problem.spec);
    expect((await get<Lineage>(`/leias/${restored.id}/lineage`, t.admin.token)).derivedFrom).toMatchObject({
      visible: true,
      version: '1.0.0',
    });
  });
});
