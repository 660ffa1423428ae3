import { experimentLeias, experiments, leias, resources } from '@server/db/schema';
import { LEIA_DELETE_TEXTS } from '@shared/messages/deletion';
import type { Leia } from '@shared/schemas/leias';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import {
  behaviourBody,
  createLeia,
  createParts,
  createResource,
  leiaBody,
  type Parts,
  personaBody,
  problemBody,
  uniqueName,
} from './resource-helpers';

let t: TestApp;
let instructor: TestUser;
let other: TestUser;
let advanced: TestUser;
let published: Parts;
beforeAll(async () => {
  t = await createTestApp();
  instructor = await t.createUser('instructor');
  other = await t.createUser('instructor');
  advanced = await t.createUser('advanced');
  published = await createParts(t, t.admin.token, { publish: true });
});
afterAll(() => t.close());

const db = () => (t.app as FastifyInstance).ctx.db;
const post = (token: string, payload: object, query = '') =>
  t.request({ method: 'POST', url: `/api/v1/leias${query}`, token, payload });
const get = (token: string, id: string) => t.request({ method: 'GET', url: `/api/v1/leias/${id}`, token });
const leiaCount = async () => Number((await db().select({ n: count() }).from(leias))[0]!.n);

describe('POST /api/v1/leias', () => {
  it('stores the part ids and the resolved copies, and answers the LEIA JSON (201)', async () => {
    const body = leiaBody(published);
    const res = await post(instructor.token, body);
    expect(res.statusCode).toBe(201);
    const leia = res.json<Leia>();
    expect(leia).toMatchObject({
      metadata: body.metadata,
      isPublished: false,
      user: { id: instructor.id, email: instructor.email, role: 'instructor' },
      description: 'The bakery needs an ordering system for Alice',
    });
    // Placeholders are substituted in the stored copies.
    expect(leia.spec.problem).toMatchObject({
      id: published.problem.id,
      apiVersion: 'v1',
      metadata: published.problem.metadata,
      spec: { description: 'The bakery needs an ordering system for Alice' },
    });
    const [row] = await db().select().from(leias).where(eq(leias.id, leia.id));
    expect(row).toMatchObject({
      personaId: published.persona.id,
      problemId: published.problem.id,
      behaviourId: published.behaviour.id,
    });
    expect((await get(instructor.token, leia.id)).json()).toEqual(leia);
  });

  it('applies extends and overrides through the engine', async () => {
    const problem = await createResource(
      t,
      t.admin.token,
      'problem',
      problemBody(uniqueName('Problem'), {
        extends: { 'persona.spec.personality': ['busy', 'shy'] },
        overrides: { behaviour: { spec: { role: 'baker' } } },
      }),
    );
    const leia = await createLeia(t, t.admin.token, { ...published, problem });
    expect(leia.spec.persona.spec.personality).toBe('calm, busy, shy');
    expect(leia.spec.behaviour.spec.role).toBe('baker');
  });

  it('answers 400 listing the constraint messages, and stores nothing', async () => {
    const problem = await createResource(
      t,
      t.admin.token,
      'problem',
      problemBody(uniqueName('Game problem'), {
        constrainedTo: { 'behaviour.spec.process': ['game'], 'persona.spec.firstName': 'Bob' },
      }),
    );
    const before = await leiaCount();
    const res = await post(t.admin.token, leiaBody({ ...published, problem }), '?publish=true');
    expect(res.statusCode).toBe(400);
    const errors = [
      'Constraint not met: behaviour.spec.process. No compatible processes found. Expected: ["game"], actual: ["requirements-elicitation"]',
      'Constraint not met: persona.spec.firstName. Value does not match.',
    ];
    expect(res.json()).toEqual({ message: `LEIA generation failed: ${errors.join('; ')}`, data: errors });
    expect(await leiaCount()).toBe(before);
    // The publish cascade rolled back with it.
    const [stored] = await db().select().from(resources).where(eq(resources.id, problem.id));
    expect(stored!.isPublished).toBe(false);
  });

  it('answers 400 naming every part that is missing, of another kind, or not visible', async () => {
    const hidden = await createResource(t, other.token, 'persona');
    const res = await post(instructor.token, {
      metadata: { name: uniqueName('LEIA') },
      spec: { persona: hidden.id, problem: published.persona.id, behaviour: 'not-an-id' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Persona not found; Problem not found; Behaviour not found',
      validationErrors: {
        'spec.persona': 'Persona not found',
        'spec.problem': 'Problem not found',
        'spec.behaviour': 'Behaviour not found',
      },
    });
  });

  it('validates the body with messages naming the fields', async () => {
    const res = await post(instructor.token, { metadata: { version: 'x' }, spec: { persona: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toMatchObject({
      'metadata.name': 'Name is required',
      'metadata.version': 'Version must look like x.y.z (for example 1.0.0)',
      'spec.persona': 'A persona id is required',
      'spec.problem': 'A problem id is required',
    });
  });

  it('applies the name and version rules (409, higher version, owner only)', async () => {
    const name = uniqueName('Versioned LEIA');
    await createLeia(t, instructor.token, published, { name });
    expect((await post(instructor.token, leiaBody(published, name))).statusCode).toBe(409);
    expect((await post(instructor.token, leiaBody(published, name, '0.9.0'))).json().message).toBe(
      `Version 0.9.0 must be higher than the latest version of "${name}", 1.0.0`,
    );
    expect((await post(other.token, leiaBody(published, name, '2.0.0'))).statusCode).toBe(403);
    expect((await post(instructor.token, leiaBody(published, name, '2.0.0'))).statusCode).toBe(201);
    expect((await post(t.admin.token, leiaBody(published, name, '3.0.0'))).statusCode).toBe(201);
  });

  it('lets only admins publish, and publishing also publishes the unpublished parts', async () => {
    const parts = await createParts(t, t.admin.token);
    const refused = await post(advanced.token, leiaBody(parts), '?publish=true');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only administrators can publish');

    const leia = await createLeia(t, t.admin.token, parts, { publish: true });
    expect(leia.isPublished).toBe(true);
    for (const part of [parts.persona, parts.problem, parts.behaviour]) {
      const [row] = await db().select().from(resources).where(eq(resources.id, part.id));
      expect(row!.isPublished).toBe(true);
    }
    // A private LEIA leaves its parts as they were.
    const privateParts = await createParts(t, t.admin.token);
    await createLeia(t, t.admin.token, privateParts, { publish: false });
    const [row] = await db().select().from(resources).where(eq(resources.id, privateParts.persona.id));
    expect(row!.isPublished).toBe(false);
  });
});

describe('GET /api/v1/leias/{id}', () => {
  it('hides another user’s unpublished LEIA (404) and shows published ones', async () => {
    const parts = await createParts(t, advanced.token);
    const hidden = await createLeia(t, advanced.token, parts);
    expect((await get(instructor.token, hidden.id)).statusCode).toBe(404);
    expect((await get(instructor.token, hidden.id)).json()).toEqual({ message: 'LEIA not found' });
    expect((await get(t.admin.token, hidden.id)).statusCode).toBe(200);
    expect((await get(instructor.token, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('gives instructors only the role and process of the behaviour', async () => {
    const behaviour = await createResource(
      t,
      t.admin.token,
      'behaviour',
      behaviourBody(uniqueName('Secret'), { description: 'SECRET {{problem.solution}}', tone: 'dry' }),
      true,
    );
    const leia = await createLeia(t, t.admin.token, { ...published, behaviour }, { publish: true });
    const asInstructor = (await get(instructor.token, leia.id)).json<Leia>();
    expect(asInstructor.spec.behaviour).toEqual({
      id: behaviour.id,
      apiVersion: 'v1',
      metadata: behaviour.metadata,
      spec: { role: 'interviewee', process: ['requirements-elicitation'] },
    });
    expect(JSON.stringify(asInstructor)).not.toContain('SECRET');
    expect(asInstructor.spec.persona).toEqual(leia.spec.persona);
    const asAdvanced = (await get(advanced.token, leia.id)).json<Leia>();
    expect(asAdvanced.spec.behaviour.spec.description).toBe('SECRET graph TD; A-->B');
  });

  it('never copies hidden behaviour text into the persona or problem an instructor reads', async () => {
    const behaviour = await createResource(
      t,
      t.admin.token,
      'behaviour',
      behaviourBody(uniqueName('Hidden'), { description: 'HIDDEN-PROMPT' }),
      true,
    );
    const persona = await createResource(
      t,
      t.admin.token,
      'persona',
      personaBody(uniqueName('Leaky'), {
        description: 'Told: {{behaviour.description}} as {{behaviour.role}}',
      }),
      true,
    );
    const problem = await createResource(
      t,
      t.admin.token,
      'problem',
      problemBody(uniqueName('Leaky'), { details: 'Prompt: {{behaviour.description}}' }),
      true,
    );
    const leia = await createLeia(t, t.admin.token, { persona, problem, behaviour }, { publish: true });
    // Admins (and advanced users) read the resolved copies as stored.
    expect(leia.spec.persona.spec.description).toBe('Told: HIDDEN-PROMPT as interviewee');
    const asInstructor = (await get(instructor.token, leia.id)).json<Leia>();
    expect(JSON.stringify(asInstructor)).not.toContain('HIDDEN-PROMPT');
    // What they may see is still substituted; the hidden field stays a placeholder.
    expect(asInstructor.spec.persona.spec.description).toBe('Told: {{behaviour.description}} as interviewee');
    expect(asInstructor.spec.problem.spec.details).toBe('Prompt: {{behaviour.description}}');
    expect(asInstructor.spec.problem.spec.description).toBe(leia.spec.problem.spec.description);
  });

  it('answers an instructor creating a LEIA without the hidden behaviour text', async () => {
    const behaviour = await createResource(
      t,
      t.admin.token,
      'behaviour',
      behaviourBody(uniqueName('Hidden'), { description: 'HIDDEN-TOO' }),
      true,
    );
    const persona = await createResource(
      t,
      instructor.token,
      'persona',
      personaBody(uniqueName('Own'), { description: 'Knows {{behaviour.description}}' }),
    );
    const res = await post(instructor.token, leiaBody({ ...published, persona, behaviour }));
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('HIDDEN-TOO');
    expect(res.json<Leia>().spec.persona.spec.description).toBe('Knows {{behaviour.description}}');
  });
});

describe('GET /api/v1/leias/exists/{name}', () => {
  it('tells whether any LEIA has the name, visible or not', async () => {
    const leia = await createLeia(t, advanced.token, await createParts(t, advanced.token));
    const exists = (name: string) =>
      t.request({
        method: 'GET',
        url: `/api/v1/leias/exists/${encodeURIComponent(name)}`,
        token: instructor.token,
      });
    expect((await exists(leia.metadata.name)).json()).toEqual({ exists: true });
    expect((await exists('nothing like this')).json()).toEqual({ exists: false });
  });
});

describe('DELETE /api/v1/leias/{id}', () => {
  it('lets the owner and admins delete (204); others get 403 with the spec text', async () => {
    const own = await createLeia(t, instructor.token, published);
    const byOther = await t.request({ method: 'DELETE', url: `/api/v1/leias/${own.id}`, token: other.token });
    expect(byOther.statusCode).toBe(404); // unpublished: not even visible to them
    const shown = await createLeia(t, t.admin.token, published, { publish: true });
    const forbidden = await t.request({
      method: 'DELETE',
      url: `/api/v1/leias/${shown.id}`,
      token: instructor.token,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: LEIA_DELETE_TEXTS.forbidden });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/leias/${own.id}`, token: instructor.token }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/leias/${shown.id}`, token: t.admin.token }))
        .statusCode,
    ).toBe(204);
    const again = await t.request({
      method: 'DELETE',
      url: `/api/v1/leias/${shown.id}`,
      token: t.admin.token,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: LEIA_DELETE_TEXTS.notFound });
  });

  it('refuses a LEIA used by activities with 400 listing them (the foreign key decides)', async () => {
    const leia = await createLeia(t, t.admin.token, published, { publish: true });
    const [first, second] = await db()
      .insert(experiments)
      .values([
        { name: uniqueName('Activity A'), ownerId: t.admin.id, isPublished: true },
        { name: uniqueName('Activity B'), ownerId: t.admin.id },
      ])
      .returning();
    await db()
      .insert(experimentLeias)
      .values([
        { experimentId: first!.id, leiaId: leia.id, position: 0 },
        { experimentId: first!.id, leiaId: leia.id, position: 1 },
        { experimentId: second!.id, leiaId: leia.id, position: 0 },
      ]);
    const res = await t.request({ method: 'DELETE', url: `/api/v1/leias/${leia.id}`, token: t.admin.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      // Named, in the order of their names (the test's names sort as created).
      message: `Cannot delete LEIA: it is being used in 2 activities: ${first!.name}, ${second!.name}.`,
      data: [
        { id: first!.id, name: first!.name },
        { id: second!.id, name: second!.name },
      ],
    });
    expect((await get(t.admin.token, leia.id)).statusCode).toBe(200);
    // Once the activities let go, the same delete succeeds.
    await db().delete(experiments).where(eq(experiments.id, first!.id));
    await db().delete(experiments).where(eq(experiments.id, second!.id));
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/leias/${leia.id}`, token: t.admin.token }))
        .statusCode,
    ).toBe(204);
  });

  it('names an activity the caller may not read "Private activity"', async () => {
    const leia = await createLeia(t, instructor.token, published);
    const [activity] = await db()
      .insert(experiments)
      .values({ name: uniqueName('Draft activity'), ownerId: t.admin.id })
      .returning();
    await db().insert(experimentLeias).values({ experimentId: activity!.id, leiaId: leia.id, position: 0 });
    const res = await t.request({
      method: 'DELETE',
      url: `/api/v1/leias/${leia.id}`,
      token: instructor.token,
    });
    expect(res.json()).toEqual({
      message: 'Cannot delete LEIA: it is being used in 1 activity: Private activity.',
      data: [{ id: activity!.id, name: 'Private activity' }],
    });
  });

  it('lets a part be deleted once its LEIAs are gone', async () => {
    const persona = await createResource(t, instructor.token, 'persona', personaBody());
    const leia = await createLeia(t, instructor.token, { ...published, persona });
    const blocked = await t.request({
      method: 'DELETE',
      url: `/api/v1/personas/${persona.id}`,
      token: instructor.token,
    });
    expect(blocked.json()).toEqual({
      message: `Cannot delete resource: it is being used in 1 LEIA: ${leia.metadata.name}.`,
      data: [{ id: leia.id, name: leia.metadata.name }],
    });
    await t.request({ method: 'DELETE', url: `/api/v1/leias/${leia.id}`, token: instructor.token });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/personas/${persona.id}`, token: instructor.token }))
        .statusCode,
    ).toBe(204);
  });
});
