import { type EditKind, ENGINE_TEXTS } from './messages';
import { flattenPathMap, splitPath, updateExistingPath } from './paths';
import { LEIA_PART_KINDS, type LeiaParts } from './types';
import type { PlainObject } from './values';

/** The shape both extends and overrides share: a path -> value map applied one entry at a time. */
export interface EditRule {
  kind: EditKind;
  /** The new value at the path, given what is there now and the entry's value. */
  combine: (current: unknown, value: unknown) => unknown;
}

const SPEC_SEGMENT = 'spec';
const isPartKind = (segment: string | undefined): boolean => LEIA_PART_KINDS.some((kind) => kind === segment);

/**
 * Applies each entry of `map` to a copy of `parts` (copy-on-write: `parts` is never modified).
 * Entries that do not point inside a part's spec, or whose path does not exist, are skipped and
 * appended to `warnings`: such edits are ignored by design, and creating new fields would let a
 * problem silently inject content the persona or behaviour author never wrote.
 */
export const applyEdits = <T extends LeiaParts>(
  parts: T,
  map: PlainObject,
  rule: EditRule,
  warnings: string[],
): T => {
  let result = parts;
  for (const [path, value] of flattenPathMap(map)) {
    const segments = splitPath(path);
    if (!isPartKind(segments[0]) || segments[1] !== SPEC_SEGMENT || segments.length < 3) {
      warnings.push(ENGINE_TEXTS.ignoredOutsideSpec(rule.kind, path));
      continue;
    }
    const updated = updateExistingPath(result, segments, (current) => rule.combine(current, value));
    if (updated === undefined) warnings.push(ENGINE_TEXTS.ignoredMissing(rule.kind, path));
    else result = updated;
  }
  return result;
};
