import { MAX_ACTIVE_JOBS } from '@server/services/leak-check';
import { leakCheckVerdict } from '@shared/evaluation/leak-check';
import { type Job, LEAK_CHECK_TEXTS, leakCheckResultSchema } from '@shared/schemas/leak-check';
import { createTestApp, type TestApp, type TestUser } from '../helpers';
import { createLeia, createResource } from '../resource-helpers';
import { parseEvents } from '../runner-helpers';
import { getJob, libraryParts, startLeakCheck, waitForJob } from './helpers';

/** Leak checks offline: the deterministic student against the offline simulator, on the real database. */

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let leiaId: string;
let publishedId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser('advanced');
  other = await t.createUser('instructor');
  const behaviour = await createResource(t, t.admin.token, 'behaviour', undefined, true);
  leiaId = (await createLeia(t, owner.token, await libraryParts(t, owner.token, behaviour))).id;
  publishedId = (
    await createLeia(t, t.admin.token, await libraryParts(t, t.admin.token, behaviour), { publish: true })
  ).id;
});
afterAll(() => t?.close());

describe('a leak check', () => {
  let job: Job;
  beforeAll(async () => {
    const response = await startLeakCheck(t, owner.token, leiaId, { runs: 2, maxTurns: 6 });
    expect(response.statusCode).toBe(202);
    const started = response.json<Job>();
    expect(started).toMatchObject({
      kind: 'leak-check',
      leia: { id: leiaId },
      status: 'queued',
      progress: { done: 0, total: 36 },
      params: { runs: 2, maxTurns: 6, styles: ['naive', 'systematic', 'pushy'] },
      result: null,
      error: null,
    });
    job = await waitForJob(t, owner.token, started.id);
  });

  it('runs every style to the end and scores every interview', () => {
    expect(job).toMatchObject({ status: 'completed', progress: { done: 36, total: 36 }, error: null });
    expect(job.startedAt).not.toBeNull();
    expect(job.finishedAt).not.toBeNull();
    const result = leakCheckResultSchema.parse(job.result);
    expect(result.turn).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(result.styles.map((style) => style.style)).toEqual(['naive', 'systematic', 'pushy']);
    for (const style of result.styles) {
      expect(style.runs.map((run) => run.run)).toEqual([1, 2]);
      expect(style.curve).toHaveLength(7);
      for (const run of style.runs) {
        expect(run).toMatchObject({ turns: 6, method: 'offline', unprompted: null });
        expect(run.coverage).toHaveLength(7);
        expect(run.coverage[0]).toBe(0);
        expect(run.coverage).toEqual([...run.coverage].sort((a, b) => a - b));
      }
      expect(style.unpromptedShare).toBeNull();
    }
  });

  it('ends with a verdict line and the figures behind it', () => {
    const result = job.result!;
    expect(Object.values(LEAK_CHECK_TEXTS.verdicts)).toContain(result.verdict.line);
    for (const style of ['naive', 'systematic', 'pushy']) {
      expect(result.verdict.figures.some((figure) => figure.startsWith(`${style}: `))).toBe(true);
    }
    expect(result.verdict).toEqual(leakCheckVerdict(result.styles, 6));
    for (const style of result.styles) {
      const figure = result.verdict.figures.find((line) => line.startsWith(`${style.style}: `));
      expect(figure).toContain(
        `${Math.round(style.meanCoverage * 100)}% of the solution revealed on average over 2 interviews`,
      );
    }
    // The offline simulator never says the solution itself.
    expect(result.styles.every((style) => style.verbatimLeaks === 0)).toBe(true);
  });

  it('is the same every time for the same LEIA', async () => {
    const again = await startLeakCheck(t, owner.token, leiaId, { runs: 2, maxTurns: 6 });
    const second = await waitForJob(t, owner.token, again.json<Job>().id);
    expect(second.result).toEqual(job.result);
  });

  it('is listed with its LEIA, for its owner only', async () => {
    const list = await t.request({
      method: 'GET',
      url: `/api/v1/leias/${leiaId}/leak-checks`,
      token: owner.token,
    });
    expect(list.json<Job[]>().map((entry) => entry.id)).toContain(job.id);
    const theirs = await t.request({
      method: 'GET',
      url: `/api/v1/leias/${leiaId}/leak-checks`,
      token: other.token,
    });
    expect(theirs.json()).toEqual([]);
    for (const url of [`/api/v1/jobs/${job.id}`, `/api/v1/jobs/${job.id}/events`]) {
      const response = await t.request({ method: 'GET', url, token: other.token });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Job not found' });
    }
    const cancel = await t.request({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/cancel`,
      token: other.token,
    });
    expect(cancel.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/v1/jobs/${job.id}` })).statusCode).toBe(401);
  });

  it('streams a finished job as one done event', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/jobs/${job.id}/events`,
      token: owner.token,
    });
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseEvents(response.body);
    expect(events).toEqual([{ event: 'done', data: job }]);
  });

  it('cancelling a finished job changes nothing', async () => {
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/cancel`,
      token: owner.token,
    });
    expect(response.json()).toEqual(job);
  });
});

describe('the running limit', () => {
  it(`holds for 30 requests at once: exactly ${MAX_ACTIVE_JOBS} start, the rest are told why (409)`, async () => {
    const user = await t.createUser('instructor');
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        startLeakCheck(t, user.token, publishedId, { runs: 10, maxTurns: 40 }),
      ),
    );
    const accepted = responses.filter((response) => response.statusCode === 202);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(accepted).toHaveLength(MAX_ACTIVE_JOBS);
    expect(refused).toHaveLength(30 - MAX_ACTIVE_JOBS);
    for (const response of refused) {
      expect(response.json()).toEqual({ message: LEAK_CHECK_TEXTS.tooManyJobs(MAX_ACTIVE_JOBS) });
    }
    for (const response of accepted) {
      const id = response.json<Job>().id;
      await t.request({ method: 'POST', url: `/api/v1/jobs/${id}/cancel`, token: user.token });
      expect((await waitForJob(t, user.token, id)).status).toBe('cancelled');
    }
    // With both cancelled, the next one starts.
    const next = await startLeakCheck(t, user.token, publishedId, {
      runs: 1,
      maxTurns: 2,
      styles: ['pushy'],
    });
    expect(next.statusCode).toBe(202);
    await waitForJob(t, user.token, next.json<Job>().id);
  });
});

describe('starting one', () => {
  it('needs a LEIA the caller may read; anyone may check a published one', async () => {
    expect((await startLeakCheck(t, other.token, leiaId)).statusCode).toBe(404);
    expect((await startLeakCheck(t, other.token, 'nope')).statusCode).toBe(404);
    expect((await startLeakCheck(t, '', publishedId)).statusCode).toBe(401);
    const response = await startLeakCheck(t, other.token, publishedId, {
      runs: 1,
      maxTurns: 2,
      styles: ['pushy'],
    });
    expect(response.statusCode).toBe(202);
    const done = await waitForJob(t, other.token, response.json<Job>().id);
    expect(done.result?.styles.map((style) => style.style)).toEqual(['pushy']);
  });

  it('checks its parameters', async () => {
    const response = await startLeakCheck(t, owner.token, leiaId, {
      runs: 0,
      maxTurns: 100,
      styles: ['rude'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().validationErrors).toEqual({
      runs: LEAK_CHECK_TEXTS.runs,
      maxTurns: LEAK_CHECK_TEXTS.maxTurns,
      'styles.0': LEAK_CHECK_TEXTS.styles,
    });
    const duplicate = await startLeakCheck(t, owner.token, leiaId, {
      runs: 1,
      maxTurns: 2,
      styles: ['naive', 'naive'],
    });
    expect(duplicate.json<Job>().params.styles).toEqual(['naive']);
    await waitForJob(t, owner.token, duplicate.json<Job>().id);
  });

  it('keeps the server answering while it runs', async () => {
    const response = await startLeakCheck(t, owner.token, leiaId, { runs: 4, maxTurns: 30 });
    const id = response.json<Job>().id;
    // On a busy machine the job may still be queued: wait until it asks its questions.
    await waitForJob(t, owner.token, id, (job) => job.status !== 'queued');
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    // Answered while the check was still asking its questions: it yields between turns.
    expect((await getJob(t, owner.token, id)).status).toBe('running');
    await waitForJob(t, owner.token, id);
  });
});
