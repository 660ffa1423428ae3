import { performance } from 'node:perf_hooks';

/**
 * The phases of the server's start, each logged at debug level with its duration when it ends
 * (`{"phase":"database","ms":412.3,"at":455.1,"msg":"start-up phase"}`; `at` is milliseconds since
 * the process started). `npm run bench -- foundation` prints them. Phases that end before the
 * logger exists are logged as soon as it is attached.
 */
export interface StartupPhase {
  name: string;
  /** When it began, in milliseconds since the process started. */
  start: number;
  ms: number;
}

export interface StartupLogger {
  debug(details: object, message: string): void;
}

export interface StartupClock {
  /** Times `work` as the phase `name`. */
  time<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** A phase timed elsewhere (the database thread's own), from `start` to `end` (this clock's times). */
  record(name: string, start: number, end?: number): void;
  attach(logger: StartupLogger): void;
  readonly phases: readonly StartupPhase[];
}

/** Milliseconds since the process started, on this thread's clock. */
export const sinceStart = (): number => performance.now();

/**
 * A time taken on another thread (its `performance.timeOrigin + performance.now()`) on this
 * thread's clock: each thread's `performance.now()` counts from its own start.
 */
export const fromEpoch = (epochMs: number): number => epochMs - performance.timeOrigin;

const round = (ms: number) => Math.round(ms * 10) / 10;

export function createStartupClock(): StartupClock {
  const phases: StartupPhase[] = [];
  let logger: StartupLogger | undefined;
  const log = (phase: StartupPhase) =>
    logger?.debug(
      { phase: phase.name, ms: round(phase.ms), at: round(phase.start + phase.ms) },
      'start-up phase',
    );
  const record = (name: string, start: number, end = sinceStart()) => {
    const phase = { name, start, ms: end - start };
    phases.push(phase);
    log(phase);
  };
  return {
    phases,
    record,
    async time(name, work) {
      const start = sinceStart();
      const result = await work();
      record(name, start);
      return result;
    },
    attach(next) {
      logger = next;
      for (const phase of phases) log(phase);
    },
  };
}
