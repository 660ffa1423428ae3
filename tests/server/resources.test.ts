import { RESOURCE_DELETE_TEXTS } from '@shared/messages/deletion';
import type { ResourceItem } from '@shared/schemas/resource-api';
import { RESOURCE_COLLECTIONS, type ResourceKind, resourceKinds } from '@shared/schemas/resources';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import {
  BODIES,
  behaviourBody,
  createLeia,
  createParts,
  createResource,
  personaBody,
  problemBody,
  uniqueName,
} from './resource-helpers';

let t: TestApp;
let instructor: TestUser;
let other: TestUser;
let advanced: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  instructor = await t.createUser('instructor');
  other = await t.createUser('instructor');
  advanced = await t.createUser('advanced');
});
afterAll(() => t.close());

const url = (kind: ResourceKind, rest = '') => `/api/v1/${RESOURCE_COLLECTIONS[kind]}${rest}`;
const list = async (kind: ResourceKind, token: string, query = '') => {
  const res = await t.request({ method: 'GET', url: url(kind, query), token });
  expect(res.statusCode).toBe(200);
  return res.json<ResourceItem[]>();
};
const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe.each(resourceKinds)('%s', (kind) => {
  it('creates (201), reads back, lists and deletes', async () => {
    const body = BODIES[kind]();
    const created = await createResource(t, advanced.token, kind, body);
    expect(created).toMatchObject({
      apiVersion: 'v1',
      metadata: body.metadata,
      user: { id: advanced.id, email: advanced.email, role: 'advanced' },
      isPublished: false,
    });
    expect(created.spec).toMatchObject(body.spec);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);

    const one = await t.request({ method: 'GET', url: url(kind, `/${created.id}`), token: advanced.token });
    expect(one.json()).toEqual(created);
    expect(ids(await list(kind, advanced.token))).toContain(created.id);

    const removed = await t.request({
      method: 'DELETE',
      url: url(kind, `/${created.id}`),
      token: advanced.token,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.request({ method: 'GET', url: url(kind, `/${created.id}`), token: advanced.token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Resource not found' });
  });

  it('keeps unknown spec fields and drops unknown top-level fields', async () => {
    const body = {
      ...BODIES[kind](uniqueName(kind), { customField: { nested: [1, 2] } }),
      id: 'ignored',
      user: {},
    };
    const created = await createResource(t, t.admin.token, kind, body);
    expect(created.spec).toMatchObject({ customField: { nested: [1, 2] } });
    expect(created.id).not.toBe('ignored');
  });

  it('answers GET exists/{name} for any version and any owner', async () => {
    const body = BODIES[kind]();
    await createResource(t, t.admin.token, kind, body);
    const yes = await t.request({
      method: 'GET',
      url: url(kind, `/exists/${encodeURIComponent(body.metadata.name)}`),
      token: advanced.token,
    });
    expect(yes.json()).toEqual({ exists: true });
    const no = await t.request({
      method: 'GET',
      url: url(kind, '/exists/No%20such%20name'),
      token: advanced.token,
    });
    expect(no.json()).toEqual({ exists: false });
  });

  it('rejects a duplicate name + version with 409', async () => {
    const body = BODIES[kind]();
    await createResource(t, t.admin.token, kind, body);
    const again = await t.request({ method: 'POST', url: url(kind), token: t.admin.token, payload: body });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `A ${kind} named "${body.metadata.name}" with version 1.0.0 already exists`,
    );
  });

  it('accepts a higher version from the owner and an admin; refuses lower ones and other users', async () => {
    const name = uniqueName(kind);
    await createResource(t, advanced.token, kind, BODIES[kind](name));
    const post = (token: string, version: string) =>
      t.request({
        method: 'POST',
        url: url(kind),
        token,
        payload: { ...BODIES[kind](name), metadata: { name, version } },
      });

    expect((await post(advanced.token, '1.1.0')).statusCode).toBe(201);
    expect((await post(t.admin.token, '2.0.0')).statusCode).toBe(201);

    const lower = await post(t.admin.token, '1.5.0');
    expect(lower.statusCode).toBe(400);
    expect(lower.json()).toEqual({
      message: `Version 1.5.0 must be higher than the latest version of "${name}", 2.0.0`,
      validationErrors: {
        'metadata.version': `Version 1.5.0 must be higher than the latest version of "${name}", 2.0.0`,
      },
    });

    // The admin's version is still the first author's design: they may add another, others may not.
    expect((await post(advanced.token, '3.0.0')).statusCode).toBe(201);
    const rival = await t.createUser('advanced');
    const notOwner = await post(rival.token, '4.0.0');
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toBe(
      `Only the owner of the ${kind} "${name}" or an administrator can add a new version`,
    );
  });

  it('publishes with ?publish=true for admins only', async () => {
    const published = await createResource(t, t.admin.token, kind, BODIES[kind](), true);
    expect(published.isPublished).toBe(true);
    const asked = await t.request({
      method: 'POST',
      url: url(kind, '?publish=true'),
      token: advanced.token,
      payload: BODIES[kind](),
    });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().message).toBe('Only administrators can publish');
    const explicitFalse = await createResource(t, advanced.token, kind, BODIES[kind](), false);
    expect(explicitFalse.isPublished).toBe(false);
    const bad = await t.request({
      method: 'POST',
      url: url(kind, '?publish=yes'),
      token: t.admin.token,
      payload: BODIES[kind](),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationErrors).toEqual({ publish: 'publish must be true or false' });
  });

  it('hides another user’s unpublished item (404) but shows a published one', async () => {
    const hidden = await createResource(t, advanced.token, kind);
    const shown = await createResource(t, t.admin.token, kind, BODIES[kind](), true);
    const asOther = (id: string) =>
      t.request({ method: 'GET', url: url(kind, `/${id}`), token: other.token });
    expect((await asOther(hidden.id)).statusCode).toBe(404);
    expect((await asOther(shown.id)).statusCode).toBe(200);
    // Admins read everything.
    expect(
      (await t.request({ method: 'GET', url: url(kind, `/${hidden.id}`), token: t.admin.token })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an id that is not a UUID or belongs to another kind', async () => {
    expect(
      (await t.request({ method: 'GET', url: url(kind, '/not-a-uuid'), token: t.admin.token })).statusCode,
    ).toBe(404);
    const otherKind = resourceKinds.find((candidate) => candidate !== kind)!;
    const item = await createResource(t, t.admin.token, otherKind);
    expect(
      (await t.request({ method: 'GET', url: url(kind, `/${item.id}`), token: t.admin.token })).statusCode,
    ).toBe(404);
  });
});

describe('spec validation', () => {
  it('names each invalid field', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/problems',
      token: t.admin.token,
      payload: {
        metadata: { name: '  ', version: '1.0' },
        spec: { description: 'x', solutionFormat: 'pdf', process: ['chat'] },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toMatchObject({
      'metadata.name': 'Name is required',
      'metadata.version': 'Version must look like x.y.z (for example 1.0.0)',
      'spec.solutionFormat': 'Solution format must be one of: text, mermaid, yaml, markdown, html, json, xml',
      'spec.process.0': 'Process must be one of: requirements-elicitation, game',
    });
  });

  it('defaults apiVersion to v1, version to 1.0.0 and solutionFormat to text', async () => {
    const name = uniqueName('Problem');
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/problems',
      token: t.admin.token,
      payload: { metadata: { name: `  ${name} ` }, spec: { description: 'A problem' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      apiVersion: 'v1',
      metadata: { name, version: '1.0.0' },
      spec: { description: 'A problem', solutionFormat: 'text' },
    });
  });

  it('requires a persona full name and a spec object', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/personas',
      token: t.admin.token,
      payload: { metadata: { name: 'P' }, spec: {} },
    });
    expect(res.json().validationErrors).toEqual({ 'spec.fullName': 'Full name is required' });
    const noSpec = await t.request({
      method: 'POST',
      url: '/api/v1/personas',
      token: t.admin.token,
      payload: { metadata: { name: 'P' } },
    });
    expect(noSpec.json().validationErrors).toEqual({ spec: 'Spec is required' });
  });
});

describe('behaviours', () => {
  it('cannot be created by instructors (403)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/behaviours',
      token: instructor.token,
      payload: behaviourBody(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Instructors cannot create behaviours');
  });

  it('reach instructors with only id, metadata, role and process (GET one and list)', async () => {
    const body = behaviourBody(uniqueName('Hidden behaviour'), { secretNotes: 'do not show' });
    const created = await createResource(t, t.admin.token, 'behaviour', body, true);
    const one = await t.request({
      method: 'GET',
      url: `/api/v1/behaviours/${created.id}`,
      token: instructor.token,
    });
    expect(one.json()).toEqual({
      ...created,
      spec: { role: 'interviewee', process: ['requirements-elicitation'] },
    });
    const listed = (await list('behaviour', instructor.token)).find((item) => item.id === created.id);
    expect(listed?.spec).toEqual({ role: 'interviewee', process: ['requirements-elicitation'] });
    // Advanced users and admins see everything.
    const full = await t.request({
      method: 'GET',
      url: `/api/v1/behaviours/${created.id}`,
      token: advanced.token,
    });
    expect(full.json().spec).toEqual(body.spec);
  });

  it('are not exposed to instructors through a problem’s extends or overrides', async () => {
    const created = await createResource(
      t,
      t.admin.token,
      'problem',
      problemBody(uniqueName('Problem'), {
        extends: {
          'behaviour.spec.description': 'secret addition',
          persona: { spec: { personality: 'shy' } },
        },
        overrides: { behaviour: { spec: { description: 'secret', role: 'visible role' } } },
      }),
      true,
    );
    const asInstructor = await t.request({
      method: 'GET',
      url: `/api/v1/problems/${created.id}`,
      token: instructor.token,
    });
    expect(asInstructor.json().spec.extends).toEqual({ persona: { spec: { personality: 'shy' } } });
    expect(asInstructor.json().spec.overrides).toEqual({ 'behaviour.spec.role': 'visible role' });
    const asAdmin = await t.request({
      method: 'GET',
      url: `/api/v1/problems/${created.id}`,
      token: t.admin.token,
    });
    expect(asAdmin.json().spec.overrides).toEqual({
      behaviour: { spec: { description: 'secret', role: 'visible role' } },
    });
  });
});

describe('list filters', () => {
  let mine: ResourceItem;
  let minePublished: ResourceItem;
  let theirs: ResourceItem;
  let theirsPublished: ResourceItem;
  beforeAll(async () => {
    mine = await createResource(t, instructor.token, 'persona');
    theirs = await createResource(t, other.token, 'persona');
    minePublished = await createResource(t, t.admin.token, 'persona', personaBody(), true);
    theirsPublished = await createResource(t, t.admin.token, 'persona', personaBody(), true);
  });

  it('visibility=all: published plus the caller’s own; admins see everything', async () => {
    const seen = ids(await list('persona', instructor.token, '?visibility=all'));
    expect(seen).toEqual(expect.arrayContaining([mine.id, minePublished.id, theirsPublished.id]));
    expect(seen).not.toContain(theirs.id);
    expect(ids(await list('persona', instructor.token))).toEqual(seen);
    const admin = ids(await list('persona', t.admin.token, '?visibility=all'));
    expect(admin).toEqual(expect.arrayContaining([mine.id, theirs.id, minePublished.id]));
  });

  it('visibility=private: the caller’s own unpublished; admins see all unpublished', async () => {
    const seen = ids(await list('persona', instructor.token, '?visibility=private'));
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(theirs.id);
    expect(seen).not.toContain(minePublished.id);
    const admin = ids(await list('persona', t.admin.token, '?visibility=private'));
    expect(admin).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(admin).not.toContain(minePublished.id);
  });

  it('visibility=public: published only, for everyone', async () => {
    for (const token of [instructor.token, other.token, t.admin.token]) {
      const seen = ids(await list('persona', token, '?visibility=public'));
      expect(seen).toEqual(expect.arrayContaining([minePublished.id, theirsPublished.id]));
      expect(seen).not.toContain(mine.id);
      expect(seen).not.toContain(theirs.id);
    }
  });

  it('process filters problems and behaviours; all and absent do not filter', async () => {
    const game = await createResource(
      t,
      t.admin.token,
      'problem',
      problemBody(uniqueName('Game'), { process: ['game'] }),
    );
    const elicitation = await createResource(t, t.admin.token, 'problem');
    const games = ids(await list('problem', t.admin.token, '?process=game'));
    expect(games).toContain(game.id);
    expect(games).not.toContain(elicitation.id);
    expect(ids(await list('problem', t.admin.token, '?process=requirements-elicitation'))).toContain(
      elicitation.id,
    );
    expect(ids(await list('problem', t.admin.token, '?process=all'))).toEqual(
      expect.arrayContaining([game.id, elicitation.id]),
    );
    const host = await createResource(
      t,
      t.admin.token,
      'behaviour',
      behaviourBody(uniqueName('Host'), { process: ['game'] }),
    );
    expect(ids(await list('behaviour', t.admin.token, '?process=game'))).toContain(host.id);
    expect(ids(await list('behaviour', t.admin.token, '?process=requirements-elicitation'))).not.toContain(
      host.id,
    );
  });

  it('rejects unknown filter values with 400', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/problems?visibility=mine&process=chat',
      token: t.admin.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toEqual({
      visibility: 'Visibility must be one of: all, private, public',
      process: 'Process must be one of: requirements-elicitation, game, all',
    });
  });

  it('orders by name, then newest version first', async () => {
    const name = uniqueName('AAA ordered');
    for (const version of ['1.0.0', '1.2.0', '1.10.0']) {
      await createResource(t, t.admin.token, 'persona', {
        ...personaBody(name),
        metadata: { name, version },
      });
    }
    const versions = (await list('persona', t.admin.token))
      .filter((item) => item.metadata.name === name)
      .map((item) => item.metadata.version);
    expect(versions).toEqual(['1.10.0', '1.2.0', '1.0.0']);
  });
});

describe('DELETE', () => {
  it('is refused to a non-owner (403) and allowed to an admin', async () => {
    const item = await createResource(t, instructor.token, 'persona');
    const published = await createResource(t, t.admin.token, 'persona', personaBody(), true);
    const byOther = await t.request({
      method: 'DELETE',
      url: `/api/v1/personas/${published.id}`,
      token: instructor.token,
    });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toEqual({ message: RESOURCE_DELETE_TEXTS.forbidden });
    const byAdmin = await t.request({
      method: 'DELETE',
      url: `/api/v1/personas/${item.id}`,
      token: t.admin.token,
    });
    expect(byAdmin.statusCode).toBe(204);
  });

  it('answers 404 for a missing item and for another user’s unpublished one', async () => {
    const hidden = await createResource(t, other.token, 'persona');
    for (const id of [hidden.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.request({
        method: 'DELETE',
        url: `/api/v1/personas/${id}`,
        token: instructor.token,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: RESOURCE_DELETE_TEXTS.notFound });
    }
  });

  it('refuses a resource used by LEIAs with 400 listing them', async () => {
    const parts = await createParts(t, t.admin.token, { publish: true });
    const a = await createLeia(t, t.admin.token, parts, { name: uniqueName('User A') });
    const b = await createLeia(t, instructor.token, parts, { name: uniqueName('User B') });
    const res = await t.request({
      method: 'DELETE',
      url: `/api/v1/problems/${parts.problem.id}`,
      token: t.admin.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `Cannot delete resource: it is being used in 2 LEIAs: ${a.metadata.name}, ${b.metadata.name}.`,
      data: expect.arrayContaining([
        { id: a.id, name: a.metadata.name },
        { id: b.id, name: b.metadata.name },
      ]),
    });
    // Nothing was deleted.
    expect(
      (await t.request({ method: 'GET', url: `/api/v1/problems/${parts.problem.id}`, token: t.admin.token }))
        .statusCode,
    ).toBe(200);
  });

  it('lists a private dependent as "Private LEIA" to a caller who cannot read it', async () => {
    const persona = await createResource(t, advanced.token, 'persona', personaBody());
    const published = await createParts(t, t.admin.token, { publish: true });
    // The admin (who reads everything) builds an unpublished LEIA on advanced's persona.
    const leia = await createLeia(t, t.admin.token, { ...published, persona });
    const res = await t.request({
      method: 'DELETE',
      url: `/api/v1/personas/${persona.id}`,
      token: advanced.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Cannot delete resource: it is being used in 1 LEIA: Private LEIA.',
      data: [{ id: leia.id, name: 'Private LEIA' }],
    });
  });
});
