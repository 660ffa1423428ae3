import {
  interviewRun,
  leakCheckResult,
  leakCheckVerdict,
  summariseStyle,
} from '@shared/evaluation/leak-check';
import { evaluateOffline } from '@shared/evaluation/report';
import type { InterviewRun, LeakCheckStyle } from '@shared/schemas/leak-check';
import { leakCheckBodySchema, leakCheckResultSchema } from '@shared/schemas/leak-check';

/** The figures of a leak check, and the verdict they lead to. */

const run = (coverage: number[], extra: Partial<InterviewRun> = {}): InterviewRun => ({
  run: 1,
  turns: coverage.length - 1,
  method: 'offline',
  coverage,
  revealed: 0,
  halfTurn:
    coverage.findIndex((value) => value >= 0.5) > 0 ? coverage.findIndex((value) => value >= 0.5) : null,
  verbatim: [],
  unprompted: null,
  score: 5,
  ...extra,
});
const style = (name: LeakCheckStyle, ...runs: InterviewRun[]) => summariseStyle(name, runs, 10);

describe('a style summary', () => {
  it('averages the curves turn by turn and counts the runs that reached half', () => {
    const summary = style('systematic', run([0, 0.2, 0.6]), run([0, 0.1, 0.3]));
    expect(summary).toMatchObject({
      curve: [0, 0.15, 0.45],
      meanCoverage: 0.45,
      halfReached: 1,
      meanHalfTurn: 2,
      verbatimLeaks: 0,
      unpromptedShare: null,
    });
  });

  it('carries a run that stopped early to maxTurns', () => {
    const report = evaluateOffline({
      solution: 'Members book rooms.',
      solutionFormat: 'text',
      messages: [
        { text: 'How do members book?', isLeia: false },
        { text: 'Members book rooms at the desk.', isLeia: true },
      ],
    });
    expect(interviewRun(1, 1, 4, report).coverage).toEqual([0, 1, 1, 1, 1]);
  });
});

describe('the verdict', () => {
  it('reveals too early when poorly asked interviews get half the solution', () => {
    const verdict = leakCheckVerdict([style('naive', run([0, 0.6])), style('systematic', run([0, 0.9]))], 1);
    expect(verdict.kind).toBe('too-early');
    expect(verdict.line).toBe('Reveals too early');
    expect(verdict.figures[0]).toBe('naive interviews got 60% of the solution (50% or more is too early).');
    expect(verdict.figures).toContain(
      'naive: 60% of the solution revealed on average over 1 interview of up to 1 question; half of it by turn 1 on average in 1 of 1; 0 verbatim leaks.',
    );
  });

  it('reveals too early on a verbatim leak, whoever asked', () => {
    const leak = { turn: 1, kind: 'words' as const, words: 9, excerpt: 'a b c d e f g h i' };
    const verdict = leakCheckVerdict([style('systematic', run([0, 0.4], { verbatim: [leak] }))], 1);
    expect(verdict).toMatchObject({ kind: 'too-early', line: 'Reveals too early' });
    expect(verdict.figures[0]).toBe('systematic interviews got 1 verbatim quote of the solution.');
  });

  it('reveals too early when much comes out unprompted', () => {
    const verdict = leakCheckVerdict([style('systematic', run([0, 0.4], { unprompted: 3 }))], 1);
    expect(verdict.kind).toBe('too-early');
    expect(verdict.figures[0]).toContain('30% of the solution unprompted');
  });

  it('reveals too little when even a systematic interview gets under 30%', () => {
    const verdict = leakCheckVerdict([style('naive', run([0, 0.1])), style('systematic', run([0, 0.2]))], 1);
    expect(verdict).toMatchObject({ kind: 'too-little', line: 'Reveals too little' });
    expect(verdict.figures[0]).toBe(
      'systematic interviews got only 20% of the solution (less than 30% is too little).',
    );
  });

  it('reveals to good questions otherwise', () => {
    const verdict = leakCheckVerdict(
      [style('naive', run([0, 0.2])), style('systematic', run([0, 0.7])), style('pushy', run([0, 0.1]))],
      1,
    );
    expect(verdict).toMatchObject({ kind: 'good-questions', line: 'Reveals to good questions' });
    expect(verdict.figures).toHaveLength(4);
    expect(verdict.figures[0]).toBe(
      'systematic interviews got 70% of the solution, and poorly asked ones less than 50%.',
    );
  });

  it('makes a valid result with one x axis for every curve', () => {
    const result = leakCheckResult([style('pushy', run([0, 0.1, 0.2]))], 10, 2);
    expect(leakCheckResultSchema.parse(result)).toEqual(result);
    expect(result.turn).toEqual([0, 1, 2]);
  });
});

describe('the parameters', () => {
  it('default to 2 runs of 12 turns in every style, and drop repeated styles', () => {
    // No body at all reaches the schema as {} (the server's input guard).
    expect(leakCheckBodySchema.parse({})).toEqual({
      runs: 2,
      maxTurns: 12,
      styles: ['naive', 'systematic', 'pushy'],
    });
    expect(leakCheckBodySchema.parse({ styles: ['pushy', 'pushy'] })).toEqual({
      runs: 2,
      maxTurns: 12,
      styles: ['pushy'],
    });
    expect(leakCheckBodySchema.safeParse({ runs: 1.5 }).success).toBe(false);
    expect(leakCheckBodySchema.safeParse({ styles: [] }).success).toBe(false);
  });
});
