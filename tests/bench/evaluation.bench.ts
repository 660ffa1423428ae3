import { performance } from 'node:perf_hooks';
import { buildApp } from '@server/app';
import { readSolution } from '@shared/evaluation/elements';
import { EVALUATION_LIMITS } from '@shared/evaluation/limits';
import { evaluateOffline } from '@shared/evaluation/report';
import type { Job } from '@shared/schemas/leak-check';
import type { LeiaListItem } from '@shared/schemas/leias';
import { classDiagram } from './support/class-diagram';
import { benchConfig, median, percentile, row } from './support/common';
import type { BenchRow } from './types';

/**
 * Issue 14's figures:
 * - offline evaluation of the largest conversation accepted (EVALUATION_LIMITS);
 * - offline evaluation (reading the solution, reveal tracking, verbatim leaks, the interviewer's
 *   figures, the score) of a 100-turn conversation against a 60-element class diagram;
 * - a leak check of 10 offline interviews of 12 turns (5 runs of 2 styles), from POST to the
 *   finished job, through the real server on PGlite in memory, against the starter catalogue's
 *   library LEIA (the deterministic student and the offline simulator).
 */

const TARGET_EVALUATION_MS = 20;
const TARGET_LEAK_CHECK_MS = 2_000;
const EVALUATIONS = 200;
const LEAK_CHECKS = 3;
const ADMIN = { email: 'bench-evaluation@leia.local', password: 'bench-evaluation-password' };

/** 100 questions and 100 replies of about 40 words, some naming elements, one pasting the solution. */
function conversation(solution: string) {
  const topics = [
    'member code',
    'room count',
    'booking opened on',
    'hall',
    'librarian manages',
    'closure count',
  ];
  return Array.from({ length: 100 }, (_, turn) => [
    {
      text: `Could you tell me about the ${topics[turn % topics.length]}? And how does it work today?`,
      isLeia: false,
    },
    {
      text:
        turn === 50
          ? `Here it is: ${solution.split('\n').slice(1, 6).join('\n')}`
          : `Well, the ${topics[turn % topics.length]} matters to us. Every week we check it at the front desk, and the staff write it in the paper diary, which takes a long time when the library is busy in the exam season.`,
      isLeia: true,
    },
  ]).flat();
}

export async function run(): Promise<BenchRow[]> {
  return [...evaluationRows(), ...largestEvaluationRows(), ...(await leakCheckRows())];
}

/**
 * The most one evaluation may read (EVALUATION_LIMITS: 1,000 messages, 300,000 characters)
 * against a long text solution (400 sentences, so about 400 elements): how long the largest
 * accepted request holds the event loop. Figures only.
 */
function largestEvaluationRows(): BenchRow[] {
  const words =
    'member room booking capacity desk kiosk library card email fine event hall closure group staff'.split(
      ' ',
    );
  const phrase = (seed: number, length: number) =>
    Array.from({ length }, (_, k) => words[(seed * 7 + k * 3) % words.length]).join(' ');
  const solution = Array.from({ length: 400 }, (_, i) => `The ${phrase(i, 8)} rule number ${i}.`).join(' ');
  const perMessage = Math.floor(EVALUATION_LIMITS.characters / EVALUATION_LIMITS.messages);
  const messages = Array.from({ length: EVALUATION_LIMITS.messages }, (_, i) => ({
    text: phrase(i, 60).slice(0, perMessage),
    isLeia: i % 2 === 1,
  }));
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    evaluateOffline({ solution, solutionFormat: 'text', messages });
    times.push(performance.now() - start);
  }
  const label = `offline evaluation at the limit, ${EVALUATION_LIMITS.messages} messages x ${readSolution(solution, 'text').elements.length} elements`;
  return [row(label, 'median', median(times), 'ms'), row(label, 'max', Math.max(...times), 'ms')];
}

function evaluationRows(): BenchRow[] {
  const solution = classDiagram();
  const elements = readSolution(solution, 'mermaid').elements.length;
  if (elements !== 60) throw new Error(`The benchmark's solution has ${elements} elements, not 60`);
  const messages = conversation(solution);
  const times: number[] = [];
  for (let i = 0; i < EVALUATIONS; i++) {
    const start = performance.now();
    const report = evaluateOffline({ solution, solutionFormat: 'mermaid', messages });
    times.push(performance.now() - start);
    if (report.turns !== 100 || report.leaks.verbatim.length === 0) throw new Error('Unexpected report');
  }
  const label = 'offline evaluation, 100 turns x 60 elements';
  return [
    row(
      label,
      'median',
      median(times),
      'ms',
      `< ${TARGET_EVALUATION_MS} ms`,
      median(times) < TARGET_EVALUATION_MS,
    ),
    row(label, 'p95', percentile(times, 0.95), 'ms'),
  ];
}

async function leakCheckRows(): Promise<BenchRow[]> {
  const app = await buildApp(benchConfig(ADMIN, { seedCatalogue: true, logLevel: 'warn' }));
  try {
    const login = await app.inject({ method: 'POST', url: '/api/v1/users/login', payload: ADMIN });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const leias = await app.inject({
      method: 'GET',
      url: `/api/v1/leias?fields=summary&text=${encodeURIComponent('Library room booking')}`,
      headers,
    });
    const leia = leias.json<LeiaListItem[]>()[0];
    if (!leia) throw new Error('The starter catalogue has no library LEIA');
    const times: number[] = [];
    for (let i = 0; i < LEAK_CHECKS; i++) {
      const start = performance.now();
      const started = await app.inject({
        method: 'POST',
        url: `/api/v1/leias/${leia.id}/leak-check`,
        headers,
        payload: { runs: 5, maxTurns: 12, styles: ['naive', 'systematic'] },
      });
      await app.ctx.services.leakChecks.idle();
      times.push(performance.now() - start);
      const job = (
        await app.inject({ method: 'GET', url: `/api/v1/jobs/${started.json<Job>().id}`, headers })
      ).json<Job>();
      if (job.status !== 'completed') throw new Error(`The leak check ended ${job.status}: ${job.error}`);
    }
    const label = 'leak check, 10 offline interviews of 12 turns';
    return [
      row(
        label,
        'median',
        median(times),
        'ms',
        `< ${TARGET_LEAK_CHECK_MS} ms`,
        median(times) < TARGET_LEAK_CHECK_MS,
      ),
      row(label, 'max', Math.max(...times), 'ms'),
    ];
  } finally {
    await app.close();
  }
}
