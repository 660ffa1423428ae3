/**
 * The next free name after a taken one, as a copy is named: 'Week 1' -> 'Week 1 (2)', and
 * 'Week 1 (2)' -> 'Week 1 (3)', skipping every name in `taken` (names are compared exactly, as
 * the database's unique index does). With `maxLength`, the base is shortened so that the number
 * always fits. A name that is free is returned as it is.
 */
export function nextFreeName(
  name: string,
  taken: Iterable<string>,
  maxLength = Number.POSITIVE_INFINITY,
): string {
  const used = new Set(taken);
  const trimmed = name.trim();
  if (!used.has(trimmed)) return trimmed;
  const numbered = /^(.*\S) \((\d+)\)$/.exec(trimmed);
  const base = numbered ? numbered[1]! : trimmed;
  for (let n = numbered ? Number(numbered[2]) + 1 : 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, Math.max(0, maxLength - suffix.length)).trimEnd()}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}
