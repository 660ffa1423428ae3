/**
 * The longest run of consecutive words two texts share (case and punctuation ignored). Written
 * independently of the simulator's SolutionGuard, so the guard is checked, not reused.
 */
export function longestSharedRun(a: string, b: string): number {
  const split = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const x = split(a);
  const y = split(b);
  let best = 0;
  let previous = new Array<number>(y.length + 1).fill(0);
  for (let i = 1; i <= x.length; i += 1) {
    const current = new Array<number>(y.length + 1).fill(0);
    for (let j = 1; j <= y.length; j += 1) {
      if (x[i - 1] === y[j - 1]) {
        current[j] = (previous[j - 1] ?? 0) + 1;
        best = Math.max(best, current[j] ?? 0);
      }
    }
    previous = current;
  }
  return best;
}
