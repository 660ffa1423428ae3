import { applyEdits, type EditRule } from './edit';
import type { LeiaParts } from './types';
import { cloneValue, type PlainObject, toText } from './values';

const LIST_SEPARATOR = ', ';

/**
 * Step 2 of generation, for one value:
 * - text + text: appended after a space ("calm" + "busy" -> "calm busy");
 * - text + list: appended after ", ", items joined by ", " ("calm" + ["busy", "shy"] -> "calm, busy, shy");
 * - list + list: entries added; list + anything else: that one entry added;
 * - anything else: replaced by the extension.
 * An empty original text takes the addition without a leading separator.
 */
export const extendValue = (current: unknown, addition: unknown): unknown => {
  if (typeof current === 'string' && typeof addition === 'string') {
    return current === '' ? addition : `${current} ${addition}`;
  }
  if (typeof current === 'string' && Array.isArray(addition)) {
    if (addition.length === 0) return current;
    const joined = addition.map(toText).join(LIST_SEPARATOR);
    return current === '' ? joined : `${current}${LIST_SEPARATOR}${joined}`;
  }
  if (Array.isArray(current)) {
    return Array.isArray(addition)
      ? [...current, ...addition.map(cloneValue)]
      : [...current, cloneValue(addition)];
  }
  return cloneValue(addition);
};

const extensionRule: EditRule = { kind: 'extension', combine: extendValue };

/** Applies a problem's `extends` map (already checked to be an object) to copies of the parts. */
export const applyExtensions = <T extends LeiaParts>(
  parts: T,
  extensions: PlainObject,
  warnings: string[],
): T => applyEdits(parts, extensions, extensionRule, warnings);
