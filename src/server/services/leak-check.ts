import { interviewRun, leakCheckResult, summariseStyle } from '@shared/evaluation/leak-check';
import type { Actor } from '@shared/permissions';
import {
  type InterviewRun,
  type Job,
  LEAK_CHECK_TEXTS,
  type LeakCheckParams,
} from '@shared/schemas/leak-check';
import { evaluateConversation } from '../evaluation/evaluate';
import { runInterview } from '../evaluation/interview';
import { type EvaluationModel, ModelCallError } from '../evaluation/model';
import { modelStudent } from '../evaluation/students/model';
import { offlineStudent } from '../evaluation/students/offline';
import { buildSystemPrompt } from '../runner/prompt';
import { isProviderError, type LlmProvider, specText } from '../runner/provider';
import { solutionOf } from './evaluations';
import { HEARTBEAT_MS, type JobStore, toJob } from './jobs';
import { type LeiaToRun, type RunnerSources, resolveLeiaToRun } from './runner-leia';

/**
 * Leak checks (docs/architecture.md "Evaluation"): simulated students of each style interview the
 * LEIA `runs` times and every interview is scored as a conversation is. The job runs in the
 * process that started it, one turn at a time with a yield between turns; its row carries status
 * and progress for every process, and its result at the end. With a connected model the model
 * answers as the LEIA and a second call plays the student; offline, the deterministic student
 * interviews the offline simulator.
 */

/** Checks one user may have queued or running at once. */
export const MAX_ACTIVE_JOBS = 2;
/** Progress is announced every turn and stored at most this often (and after each interview). */
const PROGRESS_WRITE_MS = 500;

export type LeakCheckSource = Parameters<typeof resolveLeiaToRun>[2];

export interface LeakCheckDeps {
  jobs: JobStore;
  sources: RunnerSources;
  provider: LlmProvider;
  model?: EvaluationModel | undefined;
  log: ErrorLog;
}

/** Where failures nobody expected are reported (the app's logger). */
export interface ErrorLog {
  error(details: object, message: string): void;
}

/** Every interview of the check, scored, with progress announced each turn; the check's result. */
async function interviews(
  { jobs, provider, model }: LeakCheckDeps,
  id: string,
  run: LeiaToRun,
  params: LeakCheckParams,
  signal: AbortSignal,
) {
  const { leia } = run;
  const solution = solutionOf(leia.problem);
  const system = buildSystemPrompt(leia);
  const persona = leia.persona.spec;
  const name = specText(persona, 'firstName') || specText(persona, 'fullName').split(/\s+/)[0] || '';
  const description = specText(leia.problem.spec, 'description');
  const total = params.styles.length * params.runs * params.maxTurns;
  let done = 0;
  let written = Date.now();
  const report = async (write: boolean) => {
    if (!(await jobs.progress(id, { done, total }, write))) throw new StoppedElsewhere();
    if (write) written = Date.now();
  };
  let elements = 0;
  const styles: InterviewRun[][] = [];
  for (const style of params.styles) {
    const runs: InterviewRun[] = [];
    for (let index = 1; index <= params.runs; index++) {
      const briefing = { style, run: index, name, description };
      const start = done;
      const { messages, questions } = await runInterview({
        leia,
        system,
        provider,
        student: model ? modelStudent(model, briefing) : offlineStudent(briefing),
        maxTurns: params.maxTurns,
        signal,
        onTurn: async () => {
          done++;
          await report(Date.now() - written >= PROGRESS_WRITE_MS);
        },
      });
      const evaluation = await evaluateConversation({ ...solution, messages }, { model, signal });
      elements = evaluation.coverage.total;
      runs.push(interviewRun(index, questions, params.maxTurns, evaluation));
      done = start + params.maxTurns;
      await report(true);
    }
    styles.push(runs);
  }
  return leakCheckResult(
    params.styles.map((style, at) => summariseStyle(style, styles[at]!, elements)),
    elements,
    params.maxTurns,
  );
}

/** Runs a queued job to its end (unless it was cancelled first), its heart beating meanwhile. */
async function execute(
  deps: LeakCheckDeps,
  id: string,
  run: LeiaToRun,
  params: LeakCheckParams,
  signal: AbortSignal,
) {
  const { jobs } = deps;
  if (!(await jobs.start(id))) return;
  await jobs.progress(id, { done: 0, total: params.styles.length * params.runs * params.maxTurns }, false);
  const heartbeat = setInterval(() => void jobs.heartbeat(id).catch(() => {}), HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const result = await interviews(deps, id, run, params, signal);
    await jobs.finish(id, 'completed', { result });
  } catch (error) {
    // Cancelled, stopped for shutdown, or cancelled by another process: the row says so already.
    if (signal.aborted || error instanceof StoppedElsewhere) return;
    await jobs.finish(id, 'failed', { error: failureMessage(error, deps.log) });
  } finally {
    clearInterval(heartbeat);
  }
}

export function createLeakCheckService(deps: LeakCheckDeps) {
  const { jobs } = deps;
  /** Jobs this process runs, to cancel them at once and to stop them on shutdown. */
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  return {
    /**
     * A saved LEIA (`leia`), or a design not saved yet (`spec`, resolved as Try resolves it: an
     * instructor's hidden behaviour runs by id and nothing they read back is made of it).
     */
    async start(actor: Actor, source: LeakCheckSource, params: LeakCheckParams): Promise<Job> {
      const run = await resolveLeiaToRun(deps.sources, actor, source);
      solutionOf(run.leia.problem);
      const row = await jobs.create(
        {
          ownerId: actor.id,
          leiaId: run.leiaId ?? null,
          leiaName: run.name ?? null,
          params: params as unknown as Record<string, unknown>,
          progress: { done: 0, total: params.styles.length * params.runs * params.maxTurns },
        },
        MAX_ACTIVE_JOBS,
      );
      const controller = new AbortController();
      const done = execute(deps, row.id, run, params, controller.signal)
        .catch((error: unknown) => deps.log.error({ err: error, job: row.id }, 'leak check failed'))
        .finally(() => running.delete(row.id));
      running.set(row.id, { controller, done });
      return toJob(row);
    },

    async cancel(actor: Actor, id: string): Promise<Job> {
      const job = await jobs.cancel(actor, id);
      running.get(id)?.controller.abort();
      return job;
    },

    /** Shutdown: the jobs of this process stop and say why; nothing is left running. */
    async stopAll(): Promise<void> {
      const stopping = [...running].map(async ([id, { controller, done }]) => {
        controller.abort();
        await jobs.finish(id, 'failed', { error: LEAK_CHECK_TEXTS.stopped });
        await done;
      });
      await Promise.all(stopping);
    },

    /** Settles when every job this process runs has ended (tests, benchmarks). */
    async idle(): Promise<void> {
      await Promise.all([...running.values()].map((entry) => entry.done));
    },
  };
}

/** The job's row stopped running (cancelled elsewhere, or its owner deleted). */
class StoppedElsewhere extends Error {}

function failureMessage(error: unknown, log: ErrorLog): string {
  if (isProviderError(error)) return error.message;
  if (error instanceof ModelCallError) return LEAK_CHECK_TEXTS.studentFailed(error.message);
  log.error({ err: error }, 'leak check failed');
  return LEAK_CHECK_TEXTS.failed;
}

export type LeakCheckService = ReturnType<typeof createLeakCheckService>;
