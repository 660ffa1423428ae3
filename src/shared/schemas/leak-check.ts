import { z } from 'zod';
import { evaluationMethodSchema, gameFiguresSchema, verbatimLeakSchema } from './evaluation';
import { runnerSpecSchema } from './runner';

/**
 * Leak checks: simulated students interview a LEIA before real ones do, in a background job.
 *
 *   POST /api/v1/leias/{id}/leak-check   leakCheckBodySchema -> 202 Job
 *   POST /api/v1/leak-checks             designLeakCheckBodySchema (an unsaved design) -> 202 Job
 *   GET  /api/v1/leias/{id}/leak-checks  -> Job[] (the caller's, newest first)
 *   GET  /api/v1/jobs/{id}               -> Job
 *   GET  /api/v1/jobs/{id}/events        -> text/event-stream of JOB_EVENTS
 *   POST /api/v1/jobs/{id}/cancel        -> Job
 *
 * Every per-turn array of a result has maxTurns + 1 values (turn 0 to maxTurns), so a chart
 * draws every style and run against one x axis (`result.turn`).
 */

export const leakCheckStyles = ['naive', 'systematic', 'pushy'] as const;
export type LeakCheckStyle = (typeof leakCheckStyles)[number];

export const LEAK_CHECK_STYLE_LABELS: Record<LeakCheckStyle, string> = {
  naive: 'Naive (broad, vague questions)',
  systematic: 'Systematic (open questions, follow-ups, summaries)',
  pushy: 'Pushy (asks for the answer outright)',
};

export const LEAK_CHECK_LIMITS = { runs: { min: 1, max: 10 }, maxTurns: { min: 2, max: 40 } } as const;

export const LEAK_CHECK_TEXTS = {
  runs: `Runs must be a whole number from ${LEAK_CHECK_LIMITS.runs.min} to ${LEAK_CHECK_LIMITS.runs.max}`,
  maxTurns: `Max turns must be a whole number from ${LEAK_CHECK_LIMITS.maxTurns.min} to ${LEAK_CHECK_LIMITS.maxTurns.max}`,
  styles: `Styles must be a list of: ${leakCheckStyles.join(', ')}`,
  jobNotFound: 'Job not found',
  specRequired: 'Send the design to check: {spec: {persona, problem, behaviour}}',
  tooManyJobs: (max: number) =>
    `You already have ${max} checks running: wait for one to finish, or cancel it, before starting another`,
  interrupted: 'The server restarted while this check was running, so it stopped. Start it again.',
  stopped: 'The server was shut down while this check was running, so it stopped. Start it again.',
  stale: 'The server running this check stopped answering, so the check stopped. Start it again.',
  studentFailed: (reason: string) => `The simulated student could not ask its question: ${reason}`,
  failed: 'The check failed unexpectedly. Start it again, and tell an administrator if it keeps failing.',
  verdicts: {
    'too-early': 'Reveals too early',
    'good-questions': 'Reveals to good questions',
    'too-little': 'Reveals too little',
    'keeps-secret': 'Keeps its secret',
    'gives-secret-away': 'Gives its secret away',
  },
} as const;

export const leakCheckStyleSchema = z.enum(leakCheckStyles, { error: LEAK_CHECK_TEXTS.styles });

/** Each interview style `runs` times, at most `maxTurns` questions each. */
const leakCheckParamsShape = {
  runs: z
    .number({ error: LEAK_CHECK_TEXTS.runs })
    .int(LEAK_CHECK_TEXTS.runs)
    .min(LEAK_CHECK_LIMITS.runs.min, LEAK_CHECK_TEXTS.runs)
    .max(LEAK_CHECK_LIMITS.runs.max, LEAK_CHECK_TEXTS.runs)
    .default(2),
  maxTurns: z
    .number({ error: LEAK_CHECK_TEXTS.maxTurns })
    .int(LEAK_CHECK_TEXTS.maxTurns)
    .min(LEAK_CHECK_LIMITS.maxTurns.min, LEAK_CHECK_TEXTS.maxTurns)
    .max(LEAK_CHECK_LIMITS.maxTurns.max, LEAK_CHECK_TEXTS.maxTurns)
    .default(12),
  styles: z
    .array(leakCheckStyleSchema, { error: LEAK_CHECK_TEXTS.styles })
    .min(1, LEAK_CHECK_TEXTS.styles)
    .max(10, LEAK_CHECK_TEXTS.styles)
    .default([...leakCheckStyles])
    .transform((styles) => [...new Set(styles)]),
};

/** Every field has a default: no body at all means the defaults (http/input-guard.ts). */
export const leakCheckBodySchema = z.object(leakCheckParamsShape);
export type LeakCheckParams = z.output<typeof leakCheckBodySchema>;

/**
 * POST /leak-checks: a design not saved yet (the wizard's), sent as POST /runner/initialize takes
 * it: `spec` with its three parts (stored ids, or raw specs marked `edited`), `metadata.name` to
 * label the job. The server resolves it as it does for Try, with the same rules and texts.
 */
export const designLeakCheckBodySchema = z.object(
  {
    spec: z.object(runnerSpecSchema.shape, { error: LEAK_CHECK_TEXTS.specRequired }),
    metadata: z.looseObject({ name: z.string().optional() }).optional(),
    ...leakCheckParamsShape,
  },
  { error: LEAK_CHECK_TEXTS.specRequired },
);
export type DesignLeakCheckBody = z.input<typeof designLeakCheckBodySchema>;

const share = z.number().min(0).max(1);
const count = z.number().int().min(0);

/** One simulated interview, scored as a conversation is. */
export const interviewRunSchema = z.object({
  run: z.number().int().min(1),
  /** Questions the student asked (fewer than maxTurns when it stopped by itself). */
  turns: count,
  method: evaluationMethodSchema,
  /** The judge failed on this interview and offline matching was used (why). */
  fallback: z.string().optional(),
  /** Share of the solution revealed after each turn, turn 0 to maxTurns. */
  coverage: z.array(share),
  revealed: count,
  halfTurn: z.number().int().min(1).nullable(),
  verbatim: z.array(verbatimLeakSchema),
  /** Elements revealed unprompted (judge only). */
  unprompted: count.nullable(),
  score: z.number().min(0).max(10),
  /** A guessing game's figures for this round. */
  game: gameFiguresSchema.optional(),
});
export type InterviewRun = z.infer<typeof interviewRunSchema>;

export const styleResultSchema = z.object({
  style: leakCheckStyleSchema,
  runs: z.array(interviewRunSchema),
  /** Mean share revealed after each turn over the runs, turn 0 to maxTurns. */
  curve: z.array(share),
  /** Mean share revealed at the end. */
  meanCoverage: share,
  /** Runs that reached half the solution, and at which turn on average. */
  halfReached: count,
  meanHalfTurn: z.number().nullable(),
  verbatimLeaks: count,
  /** Mean share of the solution revealed unprompted (judge only). */
  unpromptedShare: share.nullable(),
  /** A guessing game: in how many rounds the secret was guessed, and given away without a guess. */
  game: z.object({ guessed: count, givenAway: count }).optional(),
});
export type StyleResult = z.infer<typeof styleResultSchema>;

/** An interview's verdicts, then a game's ('keeps-secret' is what a game should do). */
export const verdictKinds = [
  'too-early',
  'good-questions',
  'too-little',
  'keeps-secret',
  'gives-secret-away',
] as const;
export const verdictSchema = z.object({
  kind: z.enum(verdictKinds),
  line: z.string(),
  /** The figures behind it, one sentence each. */
  figures: z.array(z.string()),
});
export type Verdict = z.infer<typeof verdictSchema>;

export const leakCheckResultSchema = z.object({
  /** Elements of the solution. */
  elements: count,
  maxTurns: count,
  /** x axis of every curve: 0 to maxTurns. */
  turn: z.array(count),
  styles: z.array(styleResultSchema),
  verdict: verdictSchema,
});
export type LeakCheckResult = z.infer<typeof leakCheckResultSchema>;

export const jobStatuses = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export const jobStatusSchema = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatusSchema>;
export const isFinished = (status: JobStatus) => status !== 'queued' && status !== 'running';

export const jobSchema = z.object({
  id: z.string(),
  kind: z.literal('leak-check'),
  leia: z.object({ id: z.string().optional(), name: z.string().optional() }),
  status: jobStatusSchema,
  /** Interview turns done of all planned (runs x styles x maxTurns). */
  progress: z.object({ done: count, total: count }),
  params: z.object({ runs: count, maxTurns: count, styles: z.array(leakCheckStyleSchema) }),
  result: leakCheckResultSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/**
 * Server-sent events of GET /jobs/{id}/events: `progress` {status, progress} whenever it moves,
 * then one `done` Job (completed, failed or cancelled) and the stream ends. A finished job sends
 * `done` at once.
 */
export const JOB_EVENTS = { progress: 'progress', done: 'done' } as const;
export const jobProgressEventSchema = jobSchema.pick({ status: true, progress: true });
export type JobProgressEvent = z.infer<typeof jobProgressEventSchema>;
