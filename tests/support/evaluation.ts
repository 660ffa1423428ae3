import { interviewRun, leakCheckResult, summariseStyle } from '@shared/evaluation/leak-check';
import { evaluateOffline } from '@shared/evaluation/report';
import type { Evaluation, EvaluationReport } from '@shared/schemas/evaluation';
import type { Job, LeakCheckStyle } from '@shared/schemas/leak-check';

/**
 * Reports and leak-check jobs for client tests, made by the shared evaluation code itself (the
 * server's), so the screens are tested on what the server really sends.
 */

export const SOLUTION = `classDiagram
  class Venue {
    String name
  }
  class SeatingZone {
    int capacity
  }
  class Ticket
  Venue "1" *-- "1..*" SeatingZone : has
  Ticket "0..*" --> "1" SeatingZone : for`;

/** Interviewer and LEIA in turn; the LEIA's replies are turns 1, 2, 3... */
export const chat = (...pairs: [string, string][]) =>
  pairs.flatMap(([question, reply], index) => [
    { text: question, isLeia: false, timestamp: `2025-06-01T12:0${index}:00.000Z` },
    { text: reply, isLeia: true, timestamp: `2025-06-01T12:0${index}:30.000Z` },
  ]);

export const CONVERSATION = chat(
  ['Hello, who are you?', 'Hi, I run the city arena.'],
  ['What do you sell?', 'We sell tickets for concerts.'],
  ['How is the arena organised?', 'The venue is split into seating zones, each with its own capacity.'],
);

export const sampleReport = (messages = CONVERSATION): EvaluationReport =>
  evaluateOffline({ solution: SOLUTION, solutionFormat: 'mermaid', messages });

export const sampleEvaluation = (overrides: Partial<Evaluation> = {}): Evaluation => ({
  id: 'ev-1',
  createdAt: '2025-06-01T12:10:00.000Z',
  source: 'session',
  sessionId: 's-1',
  leia: { id: 'leia-1', name: 'City arena' },
  report: sampleReport(),
  ...overrides,
});

/** A job as POST /leias/{id}/leak-check answers it (queued), then as it ends. */
export const queuedJob = (
  id = 'job-1',
  params = { runs: 1, maxTurns: 3, styles: ['naive', 'systematic'] as LeakCheckStyle[] },
): Job => ({
  id,
  kind: 'leak-check',
  leia: { id: 'leia-1', name: 'City arena' },
  status: 'queued',
  progress: { done: 0, total: params.runs * params.maxTurns * params.styles.length },
  params,
  result: null,
  error: null,
  createdAt: '2025-06-01T12:00:00.000Z',
  startedAt: null,
  finishedAt: null,
});

/** The job completed: each style's interview is the sample conversation, scored for real. */
export const completedJob = (job: Job = queuedJob()): Job => {
  const report = sampleReport();
  const styles = job.params.styles.map((style) =>
    summariseStyle(
      style,
      Array.from({ length: job.params.runs }, (_, index) =>
        interviewRun(index + 1, job.params.maxTurns, job.params.maxTurns, report),
      ),
      report.coverage.total,
    ),
  );
  return {
    ...job,
    status: 'completed',
    progress: { done: job.progress.total, total: job.progress.total },
    result: leakCheckResult(styles, report.coverage.total, job.params.maxTurns),
    startedAt: '2025-06-01T12:00:01.000Z',
    finishedAt: '2025-06-01T12:00:05.000Z',
  };
};
