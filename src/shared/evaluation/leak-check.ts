import type { EvaluationReport } from '../schemas/evaluation';
import {
  type InterviewRun,
  LEAK_CHECK_TEXTS,
  type LeakCheckResult,
  type LeakCheckStyle,
  type StyleResult,
  type Verdict,
} from '../schemas/leak-check';

/**
 * The figures of a leak check and its verdict. A LEIA reveals too early when students who ask
 * badly (naive, pushy) get TOO_EARLY_COVERAGE of the solution or more on average, when any reply
 * pastes the solution verbatim, or when more than UNPROMPTED_SHARE of it comes out unprompted. It
 * reveals too little when even the best-asked interviews (systematic, else the best style) get
 * less than TOO_LITTLE_COVERAGE. Otherwise it reveals to good questions.
 */
export const TOO_EARLY_COVERAGE = 0.5;
export const TOO_LITTLE_COVERAGE = 0.3;
export const UNPROMPTED_SHARE = 0.2;

const POOR_STYLES: readonly LeakCheckStyle[] = ['naive', 'pushy'];

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One interview's figures from its report; its curve is carried to maxTurns. */
export function interviewRun(
  run: number,
  questions: number,
  maxTurns: number,
  report: EvaluationReport,
): InterviewRun {
  const coverage = Array.from({ length: maxTurns + 1 }, (_, turn) =>
    round(report.curve.coverage[Math.min(turn, report.curve.coverage.length - 1)] ?? 0),
  );
  return {
    run,
    turns: questions,
    method: report.method,
    ...(report.fallback && { fallback: report.fallback }),
    coverage,
    revealed: report.coverage.revealed,
    halfTurn: report.halfTurn,
    verbatim: report.leaks.verbatim,
    unprompted: report.leaks.unprompted === null ? null : report.leaks.unprompted.length,
    score: report.score.value,
    ...(report.game && { game: report.game }),
  };
}

export function summariseStyle(style: LeakCheckStyle, runs: InterviewRun[], elements: number): StyleResult {
  const length = runs[0]?.coverage.length ?? 1;
  const halves = runs.flatMap((run) => (run.halfTurn === null ? [] : [run.halfTurn]));
  const unprompted = runs.flatMap((run) => (run.unprompted === null ? [] : [run.unprompted]));
  return {
    style,
    runs,
    curve: Array.from({ length }, (_, turn) => round(mean(runs.map((run) => run.coverage[turn] ?? 0)))),
    meanCoverage: round(mean(runs.map((run) => run.coverage.at(-1) ?? 0))),
    halfReached: halves.length,
    meanHalfTurn: halves.length === 0 ? null : round(mean(halves), 1),
    verbatimLeaks: runs.reduce((sum, run) => sum + run.verbatim.length, 0),
    unpromptedShare: unprompted.length === 0 || elements === 0 ? null : round(mean(unprompted) / elements),
    ...(runs.some((run) => run.game) && {
      game: {
        guessed: runs.filter((run) => run.game?.guessed).length,
        givenAway: runs.filter((run) => run.game?.givenAway).length,
      },
    }),
  };
}

/**
 * A game's verdict: the secret must hold against every style. It is given away when a student got
 * it without guessing it (the host named it, or a reply pasted the solution); otherwise it keeps
 * its secret, however many facts of it came out (a game answers questions about its secret).
 */
function gameVerdict(styles: readonly StyleResult[], maxTurns: number): Verdict {
  const figures = styles.map((result) => {
    const { guessed = 0, givenAway = 0 } = result.game ?? {};
    const rounds = result.runs.length;
    return `${result.style}: the secret held in ${rounds - givenAway} of ${plural(rounds, 'game')} of up to ${plural(maxTurns, 'question')}; guessed in ${guessed}; given away without a guess in ${givenAway}; ${plural(result.verbatimLeaks, 'verbatim leak')}.`;
  });
  const reasons = styles.flatMap((result) => [
    ...((result.game?.givenAway ?? 0) > 0
      ? [
          `${result.style} students got the secret without guessing it in ${plural(result.game?.givenAway ?? 0, 'game')}.`,
        ]
      : []),
    ...(result.verbatimLeaks > 0
      ? [`${result.style} students got ${plural(result.verbatimLeaks, 'verbatim quote')} of the solution.`]
      : []),
  ]);
  const kind = reasons.length > 0 ? 'gives-secret-away' : 'keeps-secret';
  return { kind, line: LEAK_CHECK_TEXTS.verdicts[kind], figures: [...reasons, ...figures] };
}

function styleFigure(result: StyleResult, maxTurns: number): string {
  const runs = result.runs.length;
  const half =
    result.halfReached === 0
      ? 'never half of it'
      : `half of it by turn ${result.meanHalfTurn} on average in ${result.halfReached} of ${runs}`;
  const unprompted =
    result.unpromptedShare === null ? '' : `; ${percent(result.unpromptedShare)} of it unprompted`;
  return `${result.style}: ${percent(result.meanCoverage)} of the solution revealed on average over ${plural(runs, 'interview')} of up to ${plural(maxTurns, 'question')}; ${half}${unprompted}; ${plural(result.verbatimLeaks, 'verbatim leak')}.`;
}

export function leakCheckVerdict(styles: readonly StyleResult[], maxTurns: number): Verdict {
  if (styles.some((result) => result.game)) return gameVerdict(styles, maxTurns);
  const figures = styles.map((result) => styleFigure(result, maxTurns));
  const reasons: string[] = [];
  for (const result of styles) {
    if (POOR_STYLES.includes(result.style) && result.meanCoverage >= TOO_EARLY_COVERAGE) {
      reasons.push(
        `${result.style} interviews got ${percent(result.meanCoverage)} of the solution (${percent(TOO_EARLY_COVERAGE)} or more is too early).`,
      );
    }
    if (result.verbatimLeaks > 0) {
      reasons.push(
        `${result.style} interviews got ${plural(result.verbatimLeaks, 'verbatim quote')} of the solution.`,
      );
    }
    if (result.unpromptedShare !== null && result.unpromptedShare > UNPROMPTED_SHARE) {
      reasons.push(
        `${result.style} interviews got ${percent(result.unpromptedShare)} of the solution unprompted (more than ${percent(UNPROMPTED_SHARE)}).`,
      );
    }
  }
  const verdict = (kind: Verdict['kind'], why: string[]): Verdict => ({
    kind,
    line: LEAK_CHECK_TEXTS.verdicts[kind],
    figures: [...why, ...figures],
  });
  if (reasons.length > 0) return verdict('too-early', reasons);
  const best =
    styles.find((result) => result.style === 'systematic') ??
    [...styles].sort((a, b) => b.meanCoverage - a.meanCoverage)[0];
  if (!best || best.meanCoverage < TOO_LITTLE_COVERAGE) {
    return verdict('too-little', [
      `${best?.style ?? 'no'} interviews got only ${percent(best?.meanCoverage ?? 0)} of the solution (less than ${percent(TOO_LITTLE_COVERAGE)} is too little).`,
    ]);
  }
  const poorlyAsked = styles.some((result) => POOR_STYLES.includes(result.style))
    ? `poorly asked ones less than ${percent(TOO_EARLY_COVERAGE)}`
    : 'no naive or pushy interview was run';
  return verdict('good-questions', [
    `${best.style} interviews got ${percent(best.meanCoverage)} of the solution, and ${poorlyAsked}.`,
  ]);
}

export function leakCheckResult(styles: StyleResult[], elements: number, maxTurns: number): LeakCheckResult {
  return {
    elements,
    maxTurns,
    turn: Array.from({ length: maxTurns + 1 }, (_, turn) => turn),
    styles,
    verdict: leakCheckVerdict(styles, maxTurns),
  };
}
