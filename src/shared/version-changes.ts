import { deepEqual, isPlainObject } from './engine/values';

/**
 * What changed between two versions of an item, as field paths ('spec.description'), and the
 * one-line summary the History view shows above their diff. Objects are walked to their leaves;
 * a list is one field (a reordered or edited list is "changed", not item by item).
 */

export interface FieldChanges {
  changed: string[];
  added: string[];
  removed: string[];
}

export const VERSION_CHANGE_TEXTS = {
  none: 'No differences in content',
  changed: 'Changed',
  added: 'added',
  removed: 'removed',
  more: (count: number) => `and ${count} more`,
} as const;

/** Fields named in a summary before the rest are only counted. */
export const SUMMARY_FIELD_LIMIT = 6;

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function walk(before: unknown, after: unknown, path: string, ignore: Set<string>, out: FieldChanges): void {
  if (ignore.has(path)) return;
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of [...keys].sort()) {
      const at = join(path, key);
      if (ignore.has(at)) continue;
      if (!Object.hasOwn(before, key)) out.added.push(at);
      else if (!Object.hasOwn(after, key)) out.removed.push(at);
      else walk(before[key], after[key], at, ignore, out);
    }
    return;
  }
  if (!deepEqual(before, after)) out.changed.push(path);
}

/**
 * The fields that differ between `before` and `after` (plain data, e.g. parsed YAML documents),
 * sorted; the paths in `ignore` (e.g. 'metadata.version', which always differs) are skipped.
 */
export function fieldChanges(
  before: unknown,
  after: unknown,
  options: { ignore?: readonly string[] } = {},
): FieldChanges {
  const out: FieldChanges = { changed: [], added: [], removed: [] };
  walk(before, after, '', new Set(options.ignore ?? []), out);
  return out;
}

export const hasChanges = ({ changed, added, removed }: FieldChanges): boolean =>
  changed.length + added.length + removed.length > 0;

/**
 * One line: 'Changed spec.description, spec.details; added spec.hints; removed spec.notes', at most
 * SUMMARY_FIELD_LIMIT fields named in all ('and 3 more'), or 'No differences in content'.
 */
export function changeSummary(changes: FieldChanges): string {
  if (!hasChanges(changes)) return VERSION_CHANGE_TEXTS.none;
  let room = SUMMARY_FIELD_LIMIT;
  let hidden = 0;
  const groups: [string, string[]][] = [
    [VERSION_CHANGE_TEXTS.changed, changes.changed],
    [VERSION_CHANGE_TEXTS.added, changes.added],
    [VERSION_CHANGE_TEXTS.removed, changes.removed],
  ];
  const parts: string[] = [];
  for (const [label, paths] of groups) {
    const shown = paths.slice(0, Math.max(room, 0));
    hidden += paths.length - shown.length;
    room -= shown.length;
    if (shown.length > 0) parts.push(`${label} ${shown.join(', ')}`);
  }
  const line = parts.join('; ');
  const capitalised = line.charAt(0).toUpperCase() + line.slice(1);
  return hidden > 0 ? `${capitalised} ${VERSION_CHANGE_TEXTS.more(hidden)}` : capitalised;
}
