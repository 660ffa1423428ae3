import { type Job, LEAK_CHECK_TEXTS } from '@shared/schemas/leak-check';
import { RUNNER_TEXTS } from '@shared/schemas/runner';
import { type FakeOpenAI, startFakeOpenAI } from '../../support/fake-openai';
import { createTestApp, type TestApp, type TestUser } from '../helpers';
import { createLeia, createResource, type Parts, personaBody } from '../resource-helpers';
import { parseEvents } from '../runner-helpers';
import {
  getJob,
  LIBRARY_SOLUTION,
  libraryParts,
  libraryProblem,
  startDesignCheck,
  startLeakCheck,
  waitForJob,
} from './helpers';
import { asksThenStops, leakCheckScript } from './model-script';

/**
 * POST /leak-checks: the wizard's design, not saved yet, checked as a saved LEIA is. The spec is
 * what POST /runner/initialize takes (stored ids, or raw parts marked `edited`), resolved by the
 * same code with the same rules and texts.
 */

const byIds = (parts: Parts) => ({
  persona: parts.persona.id,
  problem: { id: parts.problem.id },
  behaviour: parts.behaviour.id,
});

describe('offline', () => {
  let t: TestApp;
  let instructor: TestUser;
  let parts: Parts;
  /** The instructor's persona and problem, with the admin's published behaviour. */
  let theirs: Parts;
  beforeAll(async () => {
    t = await createTestApp();
    instructor = await t.createUser('instructor');
    const behaviour = await createResource(t, t.admin.token, 'behaviour', undefined, true);
    parts = await libraryParts(t, t.admin.token, behaviour);
    theirs = await libraryParts(t, instructor.token, behaviour);
  });
  afterEach(() => t.app.ctx.services.leakChecks.idle());
  afterAll(() => t?.close());

  it('an admin checks an unsaved design: the same result as the saved LEIA made of it', async () => {
    const params = { runs: 1, maxTurns: 5, styles: ['systematic', 'pushy'] };
    const response = await startDesignCheck(t, t.admin.token, {
      spec: byIds(parts),
      metadata: { name: 'Library, draft' },
      ...params,
    });
    expect(response.statusCode).toBe(202);
    const started = response.json<Job>();
    expect(started).toMatchObject({
      kind: 'leak-check',
      leia: { name: 'Library, draft' },
      status: 'queued',
      progress: { done: 0, total: 10 },
      params,
    });
    expect(started.leia.id).toBeUndefined();
    const job = await waitForJob(t, t.admin.token, started.id);
    expect(job).toMatchObject({ status: 'completed', progress: { done: 10, total: 10 }, error: null });
    expect(job.result?.styles.map((style) => style.style)).toEqual(['systematic', 'pushy']);

    const saved = await createLeia(t, t.admin.token, parts);
    const check = await startLeakCheck(t, t.admin.token, saved.id, params);
    expect((await waitForJob(t, t.admin.token, check.json<Job>().id)).result).toEqual(job.result);
  });

  it('checks edited parts as sent: an edited solution is the one measured', async () => {
    const edited = libraryProblem({ solution: '- Members book rooms.\n- Rooms have a capacity.' });
    const response = await startDesignCheck(t, t.admin.token, {
      spec: {
        ...byIds(parts),
        persona: { spec: personaBody('Draft librarian', { firstName: 'Ruth' }).spec },
        problem: { id: parts.problem.id, edited: true, spec: { ...edited.spec, solutionFormat: 'markdown' } },
      },
      runs: 1,
      maxTurns: 3,
      styles: ['naive'],
    });
    expect(response.statusCode).toBe(202);
    const job = await waitForJob(t, t.admin.token, response.json<Job>().id);
    expect(job.status).toBe('completed');
    // Two list items, where the stored problem's class diagram has many more elements.
    expect(job.result?.elements).toBe(2);
    expect(LIBRARY_SOLUTION.split('\n').length).toBeGreaterThan(2);
  });

  it('an instructor checks a design with a behaviour they may use but not read', async () => {
    const response = await startDesignCheck(t, instructor.token, {
      spec: {
        ...byIds(theirs),
        // Content sent with a behaviour's id is ignored for an instructor: the stored one runs.
        behaviour: { id: theirs.behaviour.id, edited: true, spec: { description: 'TAMPERED' } },
      },
      runs: 1,
      maxTurns: 4,
      styles: ['pushy'],
    });
    expect(response.statusCode).toBe(202);
    const job = await waitForJob(t, instructor.token, response.json<Job>().id);
    expect(job.status).toBe('completed');
    const saved = await createLeia(t, instructor.token, theirs);
    const check = await startLeakCheck(t, instructor.token, saved.id, {
      runs: 1,
      maxTurns: 4,
      styles: ['pushy'],
    });
    expect((await waitForJob(t, instructor.token, check.json<Job>().id)).result).toEqual(job.result);
  });

  it('can be cancelled while it runs, and stays cancelled', async () => {
    const response = await startDesignCheck(t, instructor.token, {
      spec: byIds(theirs),
      runs: 10,
      maxTurns: 40,
    });
    const started = response.json<Job>();
    expect(started.progress.total).toBe(1200);
    const cancel = await t.request({
      method: 'POST',
      url: `/api/v1/jobs/${started.id}/cancel`,
      token: instructor.token,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<Job>()).toMatchObject({ status: 'cancelled', result: null, error: null });
    await t.app.ctx.services.leakChecks.idle();
    const job = await getJob(t, instructor.token, started.id);
    expect(job.status).toBe('cancelled');
    expect(job.progress.done).toBeLessThan(1200);
  });

  it('answers 400 with the texts POST /runner/initialize uses for a bad spec', async () => {
    const missing = await startDesignCheck(t, t.admin.token, { spec: { problem: { id: parts.problem.id } } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'Behaviour component is missing; Persona component is missing',
      validationErrors: {
        'spec.behaviour': 'Behaviour component is missing',
        'spec.persona': 'Persona component is missing',
      },
    });

    const invalid = await startDesignCheck(t, t.admin.token, {
      spec: { ...byIds(parts), persona: { spec: { description: 'no name' } } },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().validationErrors).toEqual({
      'spec.persona.spec.fullName': 'Full name is required',
    });

    const constrained = await startDesignCheck(t, t.admin.token, {
      spec: {
        ...byIds(parts),
        problem: { spec: libraryProblem({ constrainedTo: { 'persona.spec.fullName': 'Nobody' } }).spec },
      },
    });
    expect(constrained.statusCode).toBe(400);
    expect(constrained.json().message).toBe(
      'LEIA generation failed: Constraint not met: persona.spec.fullName. Value does not match.',
    );

    const ownBehaviour = await startDesignCheck(t, instructor.token, {
      spec: { ...byIds(theirs), behaviour: { spec: { description: 'My own prompt' } } },
    });
    expect(ownBehaviour.statusCode).toBe(400);
    expect(ownBehaviour.json()).toEqual({
      message: RUNNER_TEXTS.instructorBehaviour,
      validationErrors: { 'spec.behaviour': RUNNER_TEXTS.instructorBehaviour },
    });

    const shape = await startDesignCheck(t, t.admin.token, { spec: { persona: 42 } });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().validationErrors).toEqual({ 'spec.persona': RUNNER_TEXTS.partShape });
  });

  it('answers 400 without a spec, or with bad parameters; starts nothing', async () => {
    for (const payload of [undefined, {}, { spec: 'x' }]) {
      const response = await startDesignCheck(t, t.admin.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(LEAK_CHECK_TEXTS.specRequired);
    }
    const params = await startDesignCheck(t, t.admin.token, {
      spec: byIds(parts),
      runs: 0,
      maxTurns: 100,
      styles: ['rude'],
    });
    expect(params.statusCode).toBe(400);
    expect(params.json().validationErrors).toEqual({
      runs: LEAK_CHECK_TEXTS.runs,
      maxTurns: LEAK_CHECK_TEXTS.maxTurns,
      'styles.0': LEAK_CHECK_TEXTS.styles,
    });
  });

  it('answers 404 for a part the caller may not read, and 401 without a token', async () => {
    // The admin's persona and problem are private.
    const hidden = await startDesignCheck(t, instructor.token, { spec: byIds(parts) });
    expect(hidden.statusCode).toBe(404);
    const anonymous = await startDesignCheck(t, '', { spec: byIds(parts) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('with a connected model', () => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let instructor: TestUser;
  let parts: Parts;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp({
      llm: { provider: 'openai-compatible', baseUrl: fake.url, model: 'fake', timeoutMs: 2000 },
    });
    instructor = await t.createUser('instructor');
    const behaviour = await createResource(t, t.admin.token, 'behaviour', undefined, true);
    parts = await libraryParts(t, instructor.token, behaviour);
  });
  afterEach(async () => {
    await t.app.ctx.services.leakChecks.idle();
    fake.reset();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  for (const role of ['admin', 'instructor'] as const) {
    it(`streams the progress of ${role === 'admin' ? 'an admin' : 'an instructor'}'s check, then the result`, async () => {
      const token = role === 'admin' ? t.admin.token : instructor.token;
      fake.setScript(
        leakCheckScript({
          student: asksThenStops(9),
          leia: { kind: 'reply', text: 'Members have cards.', delayMs: 60 },
        }),
      );
      const response = await startDesignCheck(t, token, {
        spec: byIds(parts),
        runs: 1,
        maxTurns: 4,
        styles: ['systematic'],
      });
      expect(response.statusCode).toBe(202);
      const job = response.json<Job>();
      const events = parseEvents(
        (await t.request({ method: 'GET', url: `/api/v1/jobs/${job.id}/events`, token })).body,
      );
      const done = events
        .filter((event) => event.event === 'progress')
        .map((event) => (event.data.progress as { done: number }).done);
      expect(done.length).toBeGreaterThanOrEqual(3);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      expect(done).toContain(2);
      expect(events.at(-1)).toMatchObject({
        event: 'done',
        data: { id: job.id, status: 'completed', progress: { done: 4, total: 4 } },
      });
      const result = (await getJob(t, token, job.id)).result;
      expect(result?.styles.map((style) => style.style)).toEqual(['systematic']);
      expect(result?.styles[0]?.runs[0]?.turns).toBe(4);
    });
  }
});
