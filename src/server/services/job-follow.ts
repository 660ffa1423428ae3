import type { Actor } from '@shared/permissions';
import { isFinished, type Job, type JobProgressEvent } from '@shared/schemas/leak-check';
import type { JobStore } from './jobs';

/** While a job is followed and runs elsewhere, its row is read this often. */
const POLL_MS = 1_000;

/** Where a followed job's news goes (the route sends each as a server-sent event). */
export interface JobListener {
  progress(event: JobProgressEvent): void;
  done(job: Job): void;
}

/**
 * Tells `listener` the job's progress as it moves and its end, then resolves; or resolves when
 * `stop` aborts (the client went away). Progress announced in this process arrives at once; a job
 * running in another process announces nothing here, so its row is polled.
 */
export function followJob(
  jobs: JobStore,
  actor: Actor,
  job: Job,
  listener: JobListener,
  stop: AbortSignal,
): Promise<void> {
  if (isFinished(job.status)) {
    listener.done(job);
    return Promise.resolve();
  }
  const progress = forwardOnly(job, listener);
  listener.progress({ status: job.status, progress: job.progress });
  return new Promise<void>((resolve) => {
    let ended = false;
    const end = (final?: Job) => {
      if (ended) return;
      ended = true;
      jobs.events.off(`progress:${job.id}`, progress);
      jobs.events.off(`done:${job.id}`, end);
      clearInterval(poll);
      stop.removeEventListener('abort', stopped);
      if (final) listener.done({ ...final });
      resolve();
    };
    const stopped = () => end();
    const check = () =>
      jobs.get(actor, job.id).then(
        (current) => (isFinished(current.status) ? end(current) : progress(current)),
        () => end(),
      );
    const poll = setInterval(check, POLL_MS);
    jobs.events.on(`progress:${job.id}`, progress);
    jobs.events.on(`done:${job.id}`, end);
    stop.addEventListener('abort', stopped, { once: true });
    if (stop.aborted) return end();
    // It may have ended between the first read and listening.
    void check();
  });
}

/**
 * Passes on progress only forward: the stored row (read by the poll) lags behind what the running
 * process announces, since it is written at most every 500 ms, and must never move the bar back.
 */
function forwardOnly(job: Job, listener: JobListener): (event: JobProgressEvent) => void {
  let last: JobProgressEvent = { status: job.status, progress: job.progress };
  return (event) => {
    const moved = event.status !== last.status || event.progress.done > last.progress.done;
    if (!moved) return;
    last = { status: event.status, progress: event.progress };
    listener.progress(last);
  };
}
