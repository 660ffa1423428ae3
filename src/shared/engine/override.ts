import { applyEdits, type EditRule } from './edit';
import type { LeiaParts } from './types';
import { cloneValue, type PlainObject } from './values';

const overrideRule: EditRule = { kind: 'override', combine: (_current, value) => cloneValue(value) };

/** Step 3 of generation: a problem's `overrides` (already checked to be an object) replace values. */
export const applyOverrides = <T extends LeiaParts>(
  parts: T,
  overrides: PlainObject,
  warnings: string[],
): T => applyEdits(parts, overrides, overrideRule, warnings);
