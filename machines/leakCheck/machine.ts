import { isFinished, type Job, type JobProgressEvent } from '@shared/schemas/leak-check';
import { assign, fromPromise, setup } from 'xstate';
import { failureMessage, failureValidationText } from '../failure';
import { notProvided } from '../notProvided';
import {
  DEFAULT_LEAK_CHECK_FORM,
  type DesignToCheck,
  type FollowJobInput,
  formOfJob,
  LEAK_CHECK_VIEW_TEXTS,
  type LeakCheckContext,
  type LeakCheckEvent,
  type LeakCheckField,
  type LeakCheckTarget,
  leakCheckFormErrors,
  parseLeakCheckForm,
  type StartCheckInput,
} from './contract';

/**
 * 'Check this design' (the View modal, the wizard's step 2, the palette): a leak check of a saved
 * LEIA or of a design not saved yet, a background job on the server in which simulated students
 * interview it (docs/architecture.md "Evaluation").
 *
 *   Closed --check.open(leia)--> Open.Loading (the caller's checks of it)
 *     --newest still running--> Open.Running (followed again)
 *     --newest finished--> Open.Done (its result) | --none, or the list failed--> Open.Form
 *   Closed --check.design(design)--> Open.Form; the same design as the last check: that check
 *     again (Running, followed again, or Done), since a design has no list of checks to load
 *   Form --check.start [valid]--> Starting --job--> Running; [invalid] the field's message
 *   Starting --error--> Form (the server's message: too many checks running, not found...)
 *   Running.Watching: job.progress moves the bar --check.cancel--> Running.Cancelling
 *   Running --the job ended (done event)--> Done | --the stream was lost--> Lost --check.retry--> Running
 *   Running.Cancelling --cancelled job--> Done | --error--> Running.Watching (its message)
 *   Done --check.again--> Starting (the last parameters) --check.settings--> Form (the last parameters kept)
 *   Open --check.close--> Closed (a running job goes on on the server; opening again follows it)
 *   check.open and check.design are taken in every state but Loading, Starting and Cancelling
 *   (`openings`): not while a call's answer is awaited.
 *
 * The app provides `loadChecks` (GET /leias/{id}/leak-checks), `startCheck` (POST
 * /leias/{id}/leak-check, or POST /leak-checks for a design), `followJob` (GET /jobs/{id}/events:
 * `onProgress` per progress event, resolving with the finished job) and `cancelJob` (POST
 * /jobs/{id}/cancel).
 */

const newest = (jobs: readonly Job[]): Job | undefined => jobs[0];
const leiaIdOf = (target: LeakCheckTarget | null): string => {
  if (target?.kind !== 'leia') throw new Error('checks are listed for a saved LEIA only');
  return target.id;
};
const sameDesign = (target: LeakCheckTarget | null, design: DesignToCheck) =>
  target?.kind === 'design' && JSON.stringify(target.design) === JSON.stringify(design);
type DesignEvent = Extract<LeakCheckEvent, { type: 'check.design' }>;
/** A fresh window on `target` (none before the first open). */
const opened = (target: LeakCheckTarget | null): LeakCheckContext => ({
  target,
  form: DEFAULT_LEAK_CHECK_FORM,
  formShown: DEFAULT_LEAK_CHECK_FORM,
  errors: {},
  job: null,
  progress: { done: 0, total: 0 },
  notice: null,
});
type Loaded = { event: { output: Job[] } };
type WithJob = { event: { output: Job } };
type Failed = { event: { error: unknown } };

/** A job's answer shown, and on to `target`. */
const jobAnswered = (target: string) => ({
  target,
  actions: { type: 'setJob' as const, params: ({ event }: WithJob) => event.output },
});

/** A call that failed: its failure, or `fallback`, said in the notice, and on to `target`. */
const failedWith = (target: string, fallback: string) => ({
  target,
  actions: {
    type: 'setNotice' as const,
    params: ({ event }: Failed) => failureMessage(event.error, fallback),
  },
});

const leakCheckSetup = setup({
  types: {
    context: {} as LeakCheckContext,
    events: {} as LeakCheckEvent,
  },
  actors: {
    loadChecks: fromPromise<Job[], { leiaId: string }>(async () => notProvided('leakCheck', 'loadChecks')),
    startCheck: fromPromise<Job, StartCheckInput>(async () => notProvided('leakCheck', 'startCheck')),
    followJob: fromPromise<Job, FollowJobInput>(async () => notProvided('leakCheck', 'followJob')),
    cancelJob: fromPromise<Job, { jobId: string }>(async () => notProvided('leakCheck', 'cancelJob')),
  },
  actions: {
    setJob: assign((_, job: Job) => {
      const form = formOfJob(job);
      return { job, progress: job.progress, form, formShown: form };
    }),
    setNotice: assign((_, notice: string) => ({ notice })),
    clearNotice: assign({ notice: null }),
    openLeia: assign(({ event }) =>
      event.type === 'check.open' ? opened({ kind: 'leia', ...event.leia }) : {},
    ),
    openDesign: assign(({ event }) =>
      event.type === 'check.design'
        ? opened({
            kind: 'design',
            design: event.design,
            name: event.name || LEAK_CHECK_VIEW_TEXTS.unsavedDesign,
          })
        : {},
    ),
  },
  guards: {
    formValid: ({ context }) => parseLeakCheckForm(context.form).success,
    /** The design's last check, still running (or finished), is shown again. */
    designRunning: ({ context, event }) =>
      sameDesign(context.target, (event as DesignEvent).design) &&
      context.job !== null &&
      !isFinished(context.job.status),
    designChecked: ({ context, event }) =>
      sameDesign(context.target, (event as DesignEvent).design) && context.job !== null,
  },
});

/**
 * Opening a check of a LEIA or of a design, in every state but those waiting for a call (loading
 * the checks, starting or cancelling one), whose answer would be lost: the palette's 'Check LEIA
 * design...' waits for them. While a check runs, opening another starts over (the job goes on).
 */
const openings = {
  'check.open': { target: '#leakCheck.Open', reenter: true, actions: 'openLeia' },
  'check.design': [
    { guard: 'designRunning', target: '#leakCheck.Open.Running', reenter: true, actions: 'clearNotice' },
    { guard: 'designChecked', target: '#leakCheck.Open.Done', reenter: true, actions: 'clearNotice' },
    { target: '#leakCheck.Open.Form', reenter: true, actions: 'openDesign' },
  ],
} as const;

export const leakCheckMachine = leakCheckSetup.createMachine({
  id: 'leakCheck',
  context: opened(null),
  initial: 'Closed',
  states: {
    Closed: { on: openings },
    Open: {
      initial: 'Loading',
      on: { 'check.close': '#leakCheck.Closed' },
      states: {
        Loading: {
          invoke: {
            src: 'loadChecks',
            input: ({ context }) => ({ leiaId: leiaIdOf(context.target) }),
            onDone: [
              {
                guard: ({ event }) => {
                  const job = newest(event.output);
                  return job !== undefined && !isFinished(job.status);
                },
                target: 'Running',
                actions: { type: 'setJob', params: ({ event }: Loaded) => newest(event.output)! },
              },
              {
                guard: ({ event }) => newest(event.output) !== undefined,
                target: 'Done',
                actions: { type: 'setJob', params: ({ event }: Loaded) => newest(event.output)! },
              },
              { target: 'Form' },
            ],
            onError: { target: 'Form', actions: assign({ notice: LEAK_CHECK_VIEW_TEXTS.listFailed }) },
          },
        },
        Form: {
          on: {
            ...openings,
            'check.form': {
              actions: assign(({ context, event }) => {
                const form = { ...context.form, ...event.form };
                // A field's message goes once it is fixed; new ones wait for Start.
                const now = leakCheckFormErrors(form);
                const errors = Object.fromEntries(
                  Object.keys(context.errors).flatMap((key) => {
                    const text = now[key as LeakCheckField];
                    return text ? [[key, text]] : [];
                  }),
                );
                return { form, errors };
              }),
            },
            'check.start': [
              { guard: 'formValid', target: 'Starting' },
              { actions: assign({ errors: ({ context }) => leakCheckFormErrors(context.form) }) },
            ],
          },
        },
        Starting: {
          entry: assign({ errors: {}, notice: null }),
          invoke: {
            src: 'startCheck',
            input: ({ context }) => {
              const parsed = parseLeakCheckForm(context.form);
              if (!parsed.success) throw new Error('the form was checked before starting');
              return { target: context.target!, params: parsed.data };
            },
            onDone: jobAnswered('Running'),
            onError: {
              target: 'Form',
              actions: assign({
                notice: ({ event }) =>
                  failureValidationText(event.error) ||
                  failureMessage(event.error, LEAK_CHECK_VIEW_TEXTS.startFailed),
              }),
            },
          },
        },
        Running: {
          invoke: {
            src: 'followJob',
            input: ({ context, self }) => ({
              jobId: context.job!.id,
              onProgress: (progress: JobProgressEvent) => self.send({ type: 'job.progress', ...progress }),
            }),
            onDone: jobAnswered('Done'),
            onError: failedWith('Lost', LEAK_CHECK_VIEW_TEXTS.lost),
          },
          on: {
            'job.progress': {
              actions: assign(({ context, event }) => ({
                progress: event.progress,
                job: context.job && { ...context.job, status: event.status, progress: event.progress },
              })),
            },
          },
          initial: 'Watching',
          states: {
            Watching: {
              on: { ...openings, 'check.cancel': 'Cancelling' },
            },
            Cancelling: {
              entry: assign({ notice: null }),
              invoke: {
                src: 'cancelJob',
                input: ({ context }) => ({ jobId: context.job!.id }),
                onDone: jobAnswered('#leakCheck.Open.Done'),
                onError: failedWith('Watching', LEAK_CHECK_VIEW_TEXTS.cancelFailed),
              },
            },
          },
        },
        Lost: {
          on: { ...openings, 'check.retry': { target: 'Running', actions: assign({ notice: null }) } },
        },
        Done: {
          on: {
            ...openings,
            // Runs again with the last check's parameters (the form when they no longer pass).
            'check.again': [
              { guard: 'formValid', target: 'Starting' },
              { target: 'Form', actions: assign({ notice: null }) },
            ],
            'check.settings': { target: 'Form', actions: assign({ notice: null }) },
          },
        },
      },
    },
  },
});
