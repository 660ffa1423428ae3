import { ENGINE_TEXTS } from './messages';
import { flattenPathMap, getPath, PATH_SEPARATOR } from './paths';
import type { LeiaParts } from './types';
import { deepEqual, isPlainObject } from './values';

/** A constraint whose path ends in this segment compares lists of process values by overlap. */
const PROCESS_SEGMENT = 'process';

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** At least one value in common (a single value counts as a one-entry list). */
export const sharesProcess = (expected: unknown, actual: unknown): boolean => {
  const actualList = asList(actual);
  return asList(expected).some((wanted) => actualList.some((have) => deepEqual(wanted, have)));
};

const endsWithProcess = (path: string): boolean =>
  path === PROCESS_SEGMENT || path.endsWith(`${PATH_SEPARATOR}${PROCESS_SEGMENT}`);

/**
 * Step 1 of generation: every `constrainedTo` entry (a path into the LEIA's parts, nested or
 * dotted) must hold. Returns every failure, not just the first, so the designer can fix them in one go.
 * Absent (undefined or null) constraints are no constraints.
 */
export const checkConstraints = (parts: LeiaParts, constrainedTo: unknown): string[] => {
  if (constrainedTo === undefined || constrainedTo === null) return [];
  if (!isPlainObject(constrainedTo)) return [ENGINE_TEXTS.constraintsNotObject];
  const errors: string[] = [];
  for (const [path, expected] of flattenPathMap(constrainedTo)) {
    const actual = getPath(parts, path);
    if (actual === undefined) errors.push(ENGINE_TEXTS.valueMissing(path));
    else if (endsWithProcess(path)) {
      if (!sharesProcess(expected, actual))
        errors.push(ENGINE_TEXTS.noCompatibleProcess(path, expected, actual));
    } else if (!deepEqual(expected, actual)) errors.push(ENGINE_TEXTS.valueMismatch(path));
  }
  return errors;
};
