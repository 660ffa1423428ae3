import type { Evaluation, EvaluationMethod, TranscriptionEvaluationBody } from '@shared/schemas/evaluation';
import {
  type DesignLeakCheckBody,
  isFinished,
  JOB_EVENTS,
  type Job,
  type JobProgressEvent,
  jobProgressEventSchema,
  jobSchema,
  type LeakCheckParams,
} from '@shared/schemas/leak-check';
import { FetchError } from 'ofetch';
import { type CallOptions, clientFor } from './client';
import { parseEventData, readEventStream } from './sse';

/**
 * Elicitation reports and leak checks (contract in src/shared/schemas/evaluation.ts and
 * leak-check.ts). A job's progress is read as server-sent events through the one ofetch client,
 * as the runner's replies are (api/runner.ts).
 */

const path = (id: string) => encodeURIComponent(id);

/** POST /runner/{sessionId}/evaluation: the session's stored messages, evaluated and stored. */
export const evaluateSession = (sessionId: string, method?: EvaluationMethod, options?: CallOptions) =>
  clientFor(options)<Evaluation>(`/runner/${path(sessionId)}/evaluation`, {
    method: 'POST',
    body: method ? { method } : {},
    signal: options?.signal,
  });

/** POST /evaluations: a transcription of a conversation with a LEIA. */
export const evaluateTranscription = (body: TranscriptionEvaluationBody, options?: CallOptions) =>
  clientFor(options)<Evaluation>('/evaluations', { method: 'POST', body, signal: options?.signal });

/** POST /leias/{id}/leak-check: answers the queued job (202). */
export const startLeakCheck = (leiaId: string, params: Partial<LeakCheckParams>, options?: CallOptions) =>
  clientFor(options)<Job>(`/leias/${path(leiaId)}/leak-check`, {
    method: 'POST',
    body: params,
    signal: options?.signal,
  });

/** POST /leak-checks: a design not saved yet (`spec` as POST /runner/initialize takes it). */
export const startDesignCheck = (body: DesignLeakCheckBody, options?: CallOptions) =>
  clientFor(options)<Job>('/leak-checks', { method: 'POST', body, signal: options?.signal });

/** GET /leias/{id}/leak-checks: the caller's checks of that LEIA, newest first. */
export const listLeakChecks = (leiaId: string, options?: CallOptions) =>
  clientFor(options)<Job[]>(`/leias/${path(leiaId)}/leak-checks`, { signal: options?.signal });

export const getJob = (jobId: string, options?: CallOptions) =>
  clientFor(options)<Job>(`/jobs/${path(jobId)}`, { signal: options?.signal });

export const cancelJob = (jobId: string, options?: CallOptions) =>
  clientFor(options)<Job>(`/jobs/${path(jobId)}/cancel`, { method: 'POST', signal: options?.signal });

export interface FollowOptions extends CallOptions {
  onProgress?: (event: JobProgressEvent) => void;
  /** Wait before opening the stream again after it ended without the job's end. */
  retryDelayMs?: number;
  /** Streams in a row that may end that way before following gives up. */
  maxRetries?: number;
}

/** The job's events stopped before its end, more often than `maxRetries` in a row. */
export class JobLostError extends Error {
  override readonly name = 'JobLostError';
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** One reading of GET /jobs/{id}/events: the finished job, or undefined when the stream ended first. */
async function readJobEvents(jobId: string, options: FollowOptions): Promise<Job | undefined> {
  const response = await clientFor(options).raw<unknown>(`/jobs/${path(jobId)}/events`, {
    headers: { accept: 'text/event-stream' },
    signal: options.signal,
  });
  const body = response._data;
  if (!(typeof body === 'object' && body !== null && 'getReader' in body)) {
    // A proxy that buffered the stream into one JSON answer: take what it holds.
    const job = jobSchema.safeParse(body);
    return job.success && isFinished(job.data.status) ? job.data : undefined;
  }
  let done: Job | undefined;
  await readEventStream(
    body as ReadableStream<Uint8Array>,
    ({ event, data }) => {
      const value = parseEventData(data);
      if (event === JOB_EVENTS.progress) {
        const progress = jobProgressEventSchema.safeParse(value);
        if (progress.success) options.onProgress?.(progress.data);
      } else if (event === JOB_EVENTS.done) {
        const job = jobSchema.safeParse(value);
        if (job.success) done = job.data;
      }
    },
    options.signal,
  );
  return done;
}

/**
 * Follows a job to its end: its progress through `onProgress`, resolving with the finished job.
 * A stream that ends early (a proxy's timeout, a server restart) is not the end: the job is read
 * again and, while it runs, its events are opened again. An error answer (404, 401) rejects.
 */
export async function followJob(jobId: string, options: FollowOptions = {}): Promise<Job> {
  const { retryDelayMs = 1000, maxRetries = 5 } = options;
  let retries = 0;
  for (;;) {
    const done = await readJobEvents(jobId, options).catch((error: unknown) => {
      // An HTTP error answer is final; no answer, or a stream cut mid-way, is tried again below.
      if (options.signal?.aborted || (error instanceof FetchError && error.response)) throw error;
      return undefined;
    });
    if (done) return done;
    if (++retries > maxRetries) throw new JobLostError(`The events of job ${jobId} stopped`);
    await wait(retryDelayMs, options.signal);
    const job = await getJob(jobId, options).catch(() => undefined);
    if (job && isFinished(job.status)) return job;
    if (job) options.onProgress?.({ status: job.status, progress: job.progress });
  }
}
