import { resourceNameSchema } from '@shared/schemas/resources';
import type { NameKey } from './parts';

/**
 * The step 3 names: each is trimmed, required, and must not
 * exist yet ('Name already exists', from the exists endpoints); a failed check says so. An error
 * clears when its field is edited, and Finish is blocked while any remains.
 */
export const NAME_TEXTS = {
  required: 'Name is required',
  exists: 'Name already exists',
  checkFailed: 'Failed to check name existence',
} as const;

export interface NameField {
  value: string;
  error: string | null;
}

export type Names = Partial<Record<NameKey, NameField>>;

export const emptyName = (): NameField => ({ value: '', error: null });

/**
 * What is wrong with a name by itself, before asking the server: blank ('Name is required'), too
 * long, or holding characters the product refuses (the shared resourceNameSchema, which the server
 * parses with too).
 */
export const nameProblem = (value: string): string | null => {
  const parsed = resourceNameSchema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? NAME_TEXTS.required);
};

export const isBlank = (value: string | undefined): boolean => (value ?? '').trim() === '';

export const nameOf = (names: Names, key: NameKey): string => (names[key]?.value ?? '').trim();

/** Every name of `keys` is filled in and carries no error. */
export const namesReady = (names: Names, keys: readonly NameKey[]): boolean =>
  keys.every((key) => !isBlank(names[key]?.value) && !names[key]?.error);

/** The names of `keys` with 'Name is required' on the blank ones (other errors kept). */
export const withRequiredErrors = (names: Names, keys: readonly NameKey[]): Names => {
  const next = { ...names };
  for (const key of keys) {
    const field = next[key] ?? emptyName();
    if (isBlank(field.value)) next[key] = { ...field, error: NAME_TEXTS.required };
  }
  return next;
};

/** Makes sure each key has a field, keeping whatever was typed before (nothing typed is lost). */
export const withFields = (names: Names, keys: readonly NameKey[]): Names => {
  const next = { ...names };
  for (const key of keys) next[key] ??= emptyName();
  return next;
};
