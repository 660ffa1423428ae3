/**
 * `read`, remembered for up to `limit` keys, then all forgotten at once. The evaluation reads the
 * same words and texts again and again (a class says the same few hundred), and a long-running
 * server must not grow; clearing is cheaper than tracking age, and what repeats comes back at once.
 * `read` never returns undefined (that is how a key not kept is told).
 */
export function remembering<V extends NonNullable<unknown> | null>(
  read: (key: string) => V,
  limit: number,
): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    const known = kept.get(key);
    if (known !== undefined) return known;
    const found = read(key);
    if (kept.size >= limit) kept.clear();
    kept.set(key, found);
    return found;
  };
}
