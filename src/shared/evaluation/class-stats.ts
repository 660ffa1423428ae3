/**
 * The figures a class report compares variants by: the mean, the spread (population standard
 * deviation, minimum, maximum) and the mean of several students' curves of share elicited by turn.
 */

const round = (value: number, decimals = 3) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Shares to three decimals (as the elicitation report's), grades to two. */
export const mean = (values: readonly number[], decimals = 3): number | null =>
  values.length === 0 ? null : round(values.reduce((sum, value) => sum + value, 0) / values.length, decimals);

export interface Spread {
  sd: number;
  min: number;
  max: number;
}

/** The population standard deviation: the students of a class are the whole population here. */
export function spread(values: readonly number[]): Spread | null {
  if (values.length === 0) return null;
  const average = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - average) ** 2, 0) / values.length;
  return { sd: round(Math.sqrt(variance)), min: Math.min(...values), max: Math.max(...values) };
}

/**
 * The mean of curves that start at turn 0 and may end at different turns: a student's share
 * stays at its last value after their last turn (what they elicited, they keep).
 */
export function meanCurve(curves: readonly (readonly number[])[]): { turn: number[]; share: number[] } {
  const length = curves.reduce((longest, curve) => Math.max(longest, curve.length), 0);
  const turn: number[] = [];
  const share: number[] = [];
  for (let t = 0; t < length; t++) {
    let sum = 0;
    for (const curve of curves) sum += curve.length === 0 ? 0 : curve[Math.min(t, curve.length - 1)]!;
    turn.push(t);
    share.push(round(sum / curves.length));
  }
  return { turn, share };
}
