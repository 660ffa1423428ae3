import { acceptsNow, availability } from '@machines/action';
import {
  cancelCheck,
  changeSettings,
  checkAgain,
  checkDesign,
  checkLeia,
  followAgain,
  startCheck,
} from '@machines/leakCheck/actions';
import {
  DEFAULT_LEAK_CHECK_FORM,
  type FollowJobInput,
  LEAK_CHECK_VIEW_TEXTS,
  type StartCheckInput,
} from '@machines/leakCheck/contract';
import { leakCheckMachine } from '@machines/leakCheck/machine';
import { hasLeakCheckEdits, leakCheckView } from '@machines/leakCheck/selectors';
import { type Job, LEAK_CHECK_TEXTS } from '@shared/schemas/leak-check';
import { createActor, fromPromise } from 'xstate';
import { completedJob, queuedJob } from '../support/evaluation';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const leia = { id: 'leia-1', name: 'City arena v1.0.0' };

interface Pending<I, O> {
  input: I;
  signal: AbortSignal;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/** A fake IO actor whose calls wait for the test to settle them. */
const pending = <I, O>() => {
  const calls: Pending<I, O>[] = [];
  const logic = fromPromise<O, I>(
    ({ input, signal }) =>
      new Promise<O>((resolve, reject) => calls.push({ input, signal, resolve, reject })),
  );
  return { calls, logic };
};

function start() {
  const load = pending<{ leiaId: string }, Job[]>();
  const startCheck = pending<StartCheckInput, Job>();
  const follow = pending<FollowJobInput, Job>();
  const cancel = pending<{ jobId: string }, Job>();
  const actor = createActor(
    leakCheckMachine.provide({
      actors: {
        loadChecks: load.logic,
        startCheck: startCheck.logic,
        followJob: follow.logic,
        cancelJob: cancel.logic,
      },
    }),
  ).start();
  const snapshot = () => actor.getSnapshot();
  const view = () => leakCheckView(snapshot());
  return { actor, snapshot, view, load, startCheck, follow, cancel };
}

/** Opened on a LEIA without earlier checks: the form. */
async function atForm() {
  const t = start();
  t.actor.send({ type: 'check.open', leia });
  expect(t.view()).toBe('loading');
  expect(t.load.calls[0]!.input).toEqual({ leiaId: 'leia-1' });
  t.load.calls[0]!.resolve([]);
  await flush();
  expect(t.view()).toBe('form');
  return t;
}

/** Started with 1 interview of 2 styles of 3 questions: following the job. */
async function atRunning() {
  const t = await atForm();
  t.actor.send({ type: 'check.form', form: { runs: '1', maxTurns: '3', styles: ['naive', 'systematic'] } });
  t.actor.send({ type: 'check.start' });
  const job = queuedJob();
  t.startCheck.calls[0]!.resolve(job);
  await flush();
  expect(t.view()).toBe('running');
  return { ...t, job };
}

describe('leak check machine: starting', () => {
  it('opens on the form with the defaults: 2 interviews of each of the 3 styles, 12 questions', async () => {
    const t = await atForm();
    expect(t.snapshot().context.form).toEqual(DEFAULT_LEAK_CHECK_FORM);
    expect(DEFAULT_LEAK_CHECK_FORM).toEqual({
      runs: '2',
      maxTurns: '12',
      styles: ['naive', 'systematic', 'pushy'],
    });
    expect(t.snapshot().context.target).toEqual({ kind: 'leia', ...leia });
  });

  it('checks the form with the shared rules before any call, and a fixed field loses its message', async () => {
    const t = await atForm();
    t.actor.send({ type: 'check.form', form: { runs: '0', maxTurns: '41', styles: [] } });
    t.actor.send({ type: 'check.start' });
    expect(t.view()).toBe('form');
    expect(t.startCheck.calls).toHaveLength(0);
    expect(t.snapshot().context.errors).toEqual({
      runs: LEAK_CHECK_TEXTS.runs,
      maxTurns: LEAK_CHECK_TEXTS.maxTurns,
      styles: LEAK_CHECK_TEXTS.styles,
    });
    t.actor.send({ type: 'check.form', form: { runs: '2' } });
    expect(t.snapshot().context.errors).toEqual({
      maxTurns: LEAK_CHECK_TEXTS.maxTurns,
      styles: LEAK_CHECK_TEXTS.styles,
    });
    t.actor.send({ type: 'check.form', form: { runs: '' } });
    // A field that goes wrong again waits for Start to say so.
    expect(t.snapshot().context.errors.runs).toBeUndefined();
    t.actor.send({ type: 'check.form', form: { runs: '1.5', maxTurns: '4', styles: ['pushy'] } });
    t.actor.send({ type: 'check.start' });
    expect(t.snapshot().context.errors).toEqual({ runs: LEAK_CHECK_TEXTS.runs });
  });

  it('starts the job with the parsed parameters and follows it', async () => {
    const t = await atRunning();
    expect(t.startCheck.calls[0]!.input).toEqual({
      target: { kind: 'leia', ...leia },
      params: { runs: 1, maxTurns: 3, styles: ['naive', 'systematic'] },
    });
    expect(t.follow.calls[0]!.input.jobId).toBe('job-1');
    expect(t.snapshot().context.progress).toEqual({ done: 0, total: 6 });
    expect(t.view()).toBe('running');
  });

  it('changed settings are edits until run (closing asks); a refused start keeps them edits', async () => {
    const t = await atForm();
    expect(hasLeakCheckEdits(t.snapshot())).toBe(false);
    t.actor.send({ type: 'check.form', form: { runs: '3' } });
    expect(hasLeakCheckEdits(t.snapshot())).toBe(true);
    t.actor.send({ type: 'check.form', form: { runs: '2' } });
    expect(hasLeakCheckEdits(t.snapshot())).toBe(false);
    t.actor.send({ type: 'check.form', form: { styles: ['pushy'] } });
    t.actor.send({ type: 'check.start' });
    expect(hasLeakCheckEdits(t.snapshot())).toBe(false); // starting: the form is not shown
    t.startCheck.calls[0]!.reject({ status: 429, message: 'Too many checks running' });
    await flush();
    expect(t.view()).toBe('form');
    expect(hasLeakCheckEdits(t.snapshot())).toBe(true);
  });

  it("a refused start goes back to the form with the server's message", async () => {
    const t = await atForm();
    t.actor.send({ type: 'check.start' });
    expect(t.view()).toBe('starting');
    t.startCheck.calls[0]!.reject({ status: 409, message: LEAK_CHECK_TEXTS.tooManyJobs(2) });
    await flush();
    expect(t.view()).toBe('form');
    expect(t.snapshot().context.notice).toBe(LEAK_CHECK_TEXTS.tooManyJobs(2));
    t.actor.send({ type: 'check.start' });
    expect(t.snapshot().context.notice).toBeNull();
    t.startCheck.calls[1]!.reject({ status: 400, validationErrors: { runs: LEAK_CHECK_TEXTS.runs } });
    await flush();
    expect(t.snapshot().context.notice).toBe(LEAK_CHECK_TEXTS.runs);
    t.actor.send({ type: 'check.start' });
    t.startCheck.calls[2]!.reject({});
    await flush();
    expect(t.snapshot().context.notice).toBe(LEAK_CHECK_VIEW_TEXTS.startFailed);
    t.actor.send({ type: 'check.start' });
    const limited = { limit: 'leakChecks', max: 10, windowSeconds: 3600, retryAfterSeconds: 900 };
    t.startCheck.calls[3]!.reject({ status: 429, data: limited });
    await flush();
    expect(t.snapshot().context.notice).toBe(
      'Too many leak checks started: at most 10 per hour. Try again in 15 minutes.',
    );
  });
});

describe('leak check machine: following', () => {
  it('moves the bar with each progress event, and shows the result when the job ends', async () => {
    const t = await atRunning();
    t.follow.calls[0]!.input.onProgress({ status: 'running', progress: { done: 2, total: 6 } });
    expect(t.snapshot().context.progress).toEqual({ done: 2, total: 6 });
    expect(t.snapshot().context.job?.status).toBe('running');
    t.follow.calls[0]!.input.onProgress({ status: 'running', progress: { done: 5, total: 6 } });
    expect(t.snapshot().context.progress).toEqual({ done: 5, total: 6 });
    const done = completedJob(t.job);
    t.follow.calls[0]!.resolve(done);
    await flush();
    expect(t.view()).toBe('done');
    expect(t.snapshot().context.job).toEqual(done);
    expect(t.snapshot().context.progress).toEqual({ done: 6, total: 6 });
  });

  it('Cancel asks the server, and ends with the cancelled job; following stops', async () => {
    const t = await atRunning();
    t.actor.send({ type: 'check.cancel' });
    expect(t.view()).toBe('cancelling');
    expect(t.cancel.calls[0]!.input).toEqual({ jobId: 'job-1' });
    const cancelled: Job = { ...t.job, status: 'cancelled', progress: { done: 2, total: 6 } };
    t.cancel.calls[0]!.resolve(cancelled);
    await flush();
    expect(t.view()).toBe('done');
    expect(t.snapshot().context.job).toEqual(cancelled);
    expect(t.follow.calls[0]!.signal.aborted).toBe(true);
  });

  it('a failed Cancel keeps following, with the reason', async () => {
    const t = await atRunning();
    t.actor.send({ type: 'check.cancel' });
    t.cancel.calls[0]!.reject({ status: 500 });
    await flush();
    expect(t.view()).toBe('running');
    expect(t.snapshot().context.notice).toBe(LEAK_CHECK_VIEW_TEXTS.cancelFailed);
    expect(t.follow.calls[0]!.signal.aborted).toBe(false);
    expect(t.follow.calls).toHaveLength(1);
    t.follow.calls[0]!.input.onProgress({ status: 'running', progress: { done: 4, total: 6 } });
    expect(t.snapshot().context.progress.done).toBe(4);
  });

  it('the job ending while Cancel is on its way wins: its result is shown', async () => {
    const t = await atRunning();
    t.actor.send({ type: 'check.cancel' });
    t.follow.calls[0]!.resolve(completedJob(t.job));
    await flush();
    expect(t.view()).toBe('done');
    expect(t.snapshot().context.job?.status).toBe('completed');
    expect(t.cancel.calls[0]!.signal.aborted).toBe(true);
  });

  it('lost events: says so, and Follow again follows the same job', async () => {
    const t = await atRunning();
    t.follow.calls[0]!.reject({});
    await flush();
    expect(t.view()).toBe('lost');
    expect(t.snapshot().context.notice).toBe(LEAK_CHECK_VIEW_TEXTS.lost);
    t.actor.send({ type: 'check.retry' });
    expect(t.view()).toBe('running');
    expect(t.snapshot().context.notice).toBeNull();
    expect(t.follow.calls[1]!.input.jobId).toBe('job-1');
    t.follow.calls[1]!.reject({ status: 404, message: LEAK_CHECK_TEXTS.jobNotFound });
    await flush();
    expect(t.snapshot().context.notice).toBe(LEAK_CHECK_TEXTS.jobNotFound);
  });

  it('closing leaves the job running on the server (no cancel) and stops following', async () => {
    const t = await atRunning();
    t.actor.send({ type: 'check.close' });
    expect(t.view()).toBe('closed');
    expect(t.follow.calls[0]!.signal.aborted).toBe(true);
    expect(t.cancel.calls).toHaveLength(0);
  });
});

describe('leak check machine: earlier checks', () => {
  it('opening a LEIA whose newest check still runs follows that check', async () => {
    const t = start();
    t.actor.send({ type: 'check.open', leia });
    const running: Job = { ...queuedJob('job-9'), status: 'running', progress: { done: 3, total: 6 } };
    t.load.calls[0]!.resolve([running, completedJob()]);
    await flush();
    expect(t.view()).toBe('running');
    expect(t.follow.calls[0]!.input.jobId).toBe('job-9');
    expect(t.snapshot().context.progress).toEqual({ done: 3, total: 6 });
  });

  it('a finished newest check is shown; Change settings opens the form with its parameters', async () => {
    const t = start();
    t.actor.send({ type: 'check.open', leia });
    const done = completedJob();
    t.load.calls[0]!.resolve([done]);
    await flush();
    expect(t.view()).toBe('done');
    expect(t.snapshot().context.job).toEqual(done);
    t.actor.send({ type: 'check.settings' });
    expect(t.view()).toBe('form');
    expect(t.snapshot().context.form).toEqual({ runs: '1', maxTurns: '3', styles: ['naive', 'systematic'] });
  });

  it('Check again runs again at once, with the last parameters', async () => {
    const t = start();
    t.actor.send({ type: 'check.open', leia });
    t.load.calls[0]!.resolve([completedJob()]);
    await flush();
    t.actor.send({ type: 'check.again' });
    expect(t.view()).toBe('starting');
    expect(t.startCheck.calls[0]!.input.params).toMatchObject({
      runs: 1,
      maxTurns: 3,
      styles: ['naive', 'systematic'],
    });
  });

  it('a list that fails to load still offers the form, and says so', async () => {
    const t = start();
    t.actor.send({ type: 'check.open', leia });
    t.load.calls[0]!.reject({ status: 500 });
    await flush();
    expect(t.view()).toBe('form');
    expect(t.snapshot().context.notice).toBe(LEAK_CHECK_VIEW_TEXTS.listFailed);
  });

  it('opening another LEIA starts over with it', async () => {
    const t = await atRunning();
    t.actor.send({ type: 'check.open', leia: { id: 'leia-2', name: 'Zoo v2.0.0' } });
    expect(t.view()).toBe('loading');
    expect(t.follow.calls[0]!.signal.aborted).toBe(true);
    expect(t.load.calls[1]!.input).toEqual({ leiaId: 'leia-2' });
    expect(t.snapshot().context).toMatchObject({ job: null, form: DEFAULT_LEAK_CHECK_FORM, notice: null });
  });
});

describe('leak check machine: a design not saved yet', () => {
  const design = {
    spec: {
      persona: 'p-1',
      problem: { id: 'pr-1', edited: true, spec: { description: 'Edited' } },
      behaviour: 'b-1',
    },
  };
  const openDesign = (t: ReturnType<typeof start>, what = design) =>
    t.actor.send({ type: 'check.design', design: what, name: '' });

  it('opens on the form at once (a design has no earlier checks to load), titled as unsaved', () => {
    const t = start();
    openDesign(t);
    expect(t.view()).toBe('form');
    expect(t.load.calls).toHaveLength(0);
    expect(t.snapshot().context.target).toEqual({
      kind: 'design',
      design,
      name: LEAK_CHECK_VIEW_TEXTS.unsavedDesign,
    });
    expect(LEAK_CHECK_VIEW_TEXTS.title(t.snapshot().context.target!.name)).toBe(
      'Leak check: this design (not saved)',
    );
  });

  it('starts a check of the design with the parameters, follows it, cancels it', async () => {
    const t = start();
    t.actor.send({ type: 'check.design', design: { ...design, metadata: { name: 'Arena' } }, name: 'Arena' });
    expect(t.snapshot().context.target?.name).toBe('Arena');
    t.actor.send({ type: 'check.form', form: { runs: '1', maxTurns: '3', styles: ['pushy'] } });
    t.actor.send({ type: 'check.start' });
    expect(t.view()).toBe('starting');
    expect(t.startCheck.calls[0]!.input).toEqual({
      target: { kind: 'design', design: { ...design, metadata: { name: 'Arena' } }, name: 'Arena' },
      params: { runs: 1, maxTurns: 3, styles: ['pushy'] },
    });
    const job = queuedJob();
    t.startCheck.calls[0]!.resolve(job);
    await flush();
    expect(t.view()).toBe('running');
    t.follow.calls[0]!.input.onProgress({ status: 'running', progress: { done: 2, total: 3 } });
    expect(t.snapshot().context.progress).toEqual({ done: 2, total: 3 });
    t.actor.send({ type: 'check.cancel' });
    expect(t.view()).toBe('cancelling');
    t.cancel.calls[0]!.resolve({ ...job, status: 'cancelled', progress: { done: 2, total: 3 } });
    await flush();
    expect(t.view()).toBe('done');
  });

  it('opened again on the same design, follows its running check; on a changed design, the form', async () => {
    const t = start();
    openDesign(t);
    t.actor.send({ type: 'check.start' });
    t.startCheck.calls[0]!.resolve(queuedJob());
    await flush();
    t.actor.send({ type: 'check.close' });
    expect(t.follow.calls[0]!.signal.aborted).toBe(true);
    openDesign(t, structuredClone(design));
    expect(t.view()).toBe('running');
    expect(t.follow.calls[1]!.input.jobId).toBe('job-1');
    t.follow.calls[1]!.resolve(completedJob());
    await flush();
    t.actor.send({ type: 'check.close' });
    openDesign(t);
    expect(t.view()).toBe('done');
    expect(t.snapshot().context.job?.status).toBe('completed');
    t.actor.send({ type: 'check.close' });
    openDesign(t, { spec: { ...design.spec, persona: 'p-2' } });
    expect(t.view()).toBe('form');
    expect(t.snapshot().context.job).toBeNull();
    expect(t.follow.calls).toHaveLength(2);
  });

  it('a saved LEIA opened after a design loads its own checks', () => {
    const t = start();
    openDesign(t);
    t.actor.send({ type: 'check.close' });
    t.actor.send({ type: 'check.open', leia });
    expect(t.view()).toBe('loading');
    expect(t.load.calls[0]!.input).toEqual({ leiaId: 'leia-1' });
  });
});

describe('leak check machine: its actions (machines/leakCheck/actions.ts)', () => {
  const other = { id: 'leia-2', name: 'Zoo v2.0.0' };
  const design = { design: { spec: { persona: 'p-1', problem: 'pr-1', behaviour: 'b-1' } } };
  const refusedWith = (t: ReturnType<typeof start>, reason: string) => {
    const before = t.snapshot();
    expect(availability(before, checkLeia, other)).toEqual({ applies: true, can: false, reason });
    expect(acceptsNow(before, checkDesign)).toBe(false);
    t.actor.send(checkLeia.event(other));
    t.actor.send(checkDesign.event(design));
    expect(t.snapshot()).toBe(before);
  };

  it('Check LEIA design and Check this design open while closed, on the form, running and done', async () => {
    const t = start();
    expect(t.snapshot().can(checkLeia.event(leia))).toBe(true);
    expect(t.snapshot().can(checkDesign.event(design))).toBe(true);
    const running = await atRunning();
    expect(running.snapshot().can(checkLeia.event(other))).toBe(true);
    expect(running.snapshot().can(cancelCheck.event())).toBe(true);
  });

  it('are refused while the checks load, with the reason: the refused events change nothing', () => {
    const t = start();
    t.actor.send(checkLeia.event(leia));
    expect(t.view()).toBe('loading');
    refusedWith(t, LEAK_CHECK_VIEW_TEXTS.running);
  });

  it('are refused while a check starts, and Start with them', async () => {
    const t = await atForm();
    expect(t.snapshot().can(startCheck.event())).toBe(true);
    t.actor.send(startCheck.event());
    expect(t.view()).toBe('starting');
    expect(availability(t.snapshot(), startCheck, undefined).reason).toBe(LEAK_CHECK_VIEW_TEXTS.starting);
    refusedWith(t, LEAK_CHECK_VIEW_TEXTS.running);
  });

  it('are refused while a check is cancelled, and Cancel with them', async () => {
    const t = await atRunning();
    t.actor.send(cancelCheck.event());
    expect(t.view()).toBe('cancelling');
    expect(availability(t.snapshot(), cancelCheck, undefined).reason).toBe(LEAK_CHECK_VIEW_TEXTS.cancelling);
    refusedWith(t, LEAK_CHECK_VIEW_TEXTS.running);
  });

  it('Check again and Change settings are taken once done, Follow it again once lost', async () => {
    const t = await atRunning();
    expect(t.snapshot().can(checkAgain.event())).toBe(false);
    t.follow.calls[0]!.reject({ status: undefined });
    await flush();
    expect(t.view()).toBe('lost');
    expect(t.snapshot().can(followAgain.event())).toBe(true);
    t.actor.send(followAgain.event());
    t.follow.calls[1]!.resolve(completedJob());
    await flush();
    expect(t.view()).toBe('done');
    expect(t.snapshot().can(checkAgain.event())).toBe(true);
    expect(t.snapshot().can(changeSettings.event())).toBe(true);
  });
});
