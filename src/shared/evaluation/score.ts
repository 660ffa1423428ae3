import type { InterviewerStats, Score, ScorePart } from '../schemas/evaluation';

/**
 * The 0-10 score, for continuity with the original system's single model score, made only of
 * figures the report shows: coverage of the solution (6 points), and the interviewer's technique:
 * open questions (1.5: full marks from half the questions open), follow-ups (1.5: full marks from
 * one follow-up per four questions) and summaries (1: full marks from one summary per ten
 * interviewer messages, at least one).
 */
export const SCORE_WEIGHTS = { coverage: 6, open: 1.5, followUps: 1.5, summaries: 1 } as const;
export const OPEN_SHARE_TARGET = 0.5;
export const FOLLOW_UPS_PER_QUESTION = 0.25;
export const MESSAGES_PER_SUMMARY = 10;

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
const points = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

export interface ScoreInput {
  coverage: { revealed: number; total: number; ratio: number };
  interviewer: Omit<InterviewerStats, 'comments'>;
}

/** A part of a score: `share` (0 to 1, clamped) of `max` points, with the figures it comes from. */
export const scorePart = (
  key: ScorePart['key'],
  label: string,
  max: number,
  share: number,
  detail: string,
): ScorePart => ({ key, label, points: round(max * Math.min(1, Math.max(0, share))), max, detail });

/** The score as the sum of its parts, explained by them. */
export function scoreFrom(parts: ScorePart[]): Score {
  const value = round(
    Math.min(
      10,
      parts.reduce((sum, p) => sum + p.points, 0),
    ),
  );
  const explanation = `${points(value)} / 10 = ${parts
    .map((p) => `${p.label.toLowerCase()} ${points(p.points)} of ${points(p.max)} (${p.detail})`)
    .join(' + ')}`;
  return { value, parts, explanation };
}

export function scoreOf({ coverage, interviewer }: ScoreInput): Score {
  const { questions, openShare, followUps, summaries, messages } = interviewer;
  const followUpsWanted = Math.max(1, Math.ceil(questions * FOLLOW_UPS_PER_QUESTION));
  const summariesWanted = Math.max(1, Math.floor(messages / MESSAGES_PER_SUMMARY));
  const part = (key: keyof typeof SCORE_WEIGHTS, label: string, share: number, detail: string) =>
    scorePart(key, label, SCORE_WEIGHTS[key], share, detail);
  const parts = [
    part(
      'coverage',
      'Solution revealed',
      coverage.ratio,
      `${percent(coverage.ratio)} of the solution revealed (${coverage.revealed} of ${coverage.total} elements)`,
    ),
    part(
      'open',
      'Open questions',
      (openShare ?? 0) / OPEN_SHARE_TARGET,
      openShare === null
        ? 'no questions asked'
        : `${percent(openShare)} of ${questions} questions open (full marks from ${percent(OPEN_SHARE_TARGET)})`,
    ),
    part(
      'followUps',
      'Follow-up questions',
      questions === 0 ? 0 : followUps / followUpsWanted,
      `${followUps} follow-ups (full marks from ${followUpsWanted})`,
    ),
    part(
      'summaries',
      'Summaries',
      messages === 0 ? 0 : summaries / summariesWanted,
      `${summaries} summaries (full marks from ${summariesWanted})`,
    ),
  ];
  return scoreFrom(parts);
}
