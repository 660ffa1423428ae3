import { getPath, splitPath } from './paths';
import type { LeiaPartKind, Spec } from './types';
import { assignKey, cloneValue, isPlainObject, type PlainObject, toText } from './values';

/**
 * `{{kind.field.sub}}`: a path whose first segment names a part and whose rest points into that
 * part's spec, e.g. {{persona.fullName}}, {{problem.solution}}. Blanks inside the braces are allowed.
 */
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([^{}\s]+)\s*\}\}$/;
const OPENING = '{{';

/** What placeholders can see: part kind -> that part's spec. */
export type PlaceholderScope = Readonly<Partial<Record<LeiaPartKind, Spec>>>;

/** Part order of step 4: each later part sees the already substituted specs of the earlier ones. */
export const SUBSTITUTION_ORDER = [
  'problem',
  'persona',
  'behaviour',
] as const satisfies readonly LeiaPartKind[];

const lookup = (scope: PlaceholderScope, path: string): unknown => getPath(scope, splitPath(path));

/**
 * Substitutes the placeholders of one string. A placeholder that is the whole string is replaced by
 * the value itself (a copy), so `"{{problem.process}}"` can become a list; embedded placeholders are
 * rendered as text (objects and lists as JSON). Unknown placeholders are left as written.
 */
export const substituteString = (text: string, scope: PlaceholderScope): unknown => {
  if (!text.includes(OPENING)) return text;
  const whole = WHOLE_PLACEHOLDER.exec(text);
  if (whole) {
    const value = lookup(scope, whole[1]!);
    return value === undefined ? text : cloneValue(value);
  }
  return text.replace(PLACEHOLDER, (match, path: string) => {
    const value = lookup(scope, path);
    return value === undefined ? match : toText(value);
  });
};

/**
 * Substitutes placeholders in every string inside `value` (objects and lists are walked; keys are
 * not substituted). Always returns fresh containers, so the result shares nothing mutable with the input.
 */
export const substitutePlaceholders = (value: unknown, scope: PlaceholderScope): unknown => {
  if (typeof value === 'string') return substituteString(value, scope);
  if (Array.isArray(value)) return value.map((item) => substitutePlaceholders(item, scope));
  if (!isPlainObject(value)) return value;
  const copy: PlainObject = {};
  for (const key of Object.keys(value)) assignKey(copy, key, substitutePlaceholders(value[key], scope));
  return copy;
};

/** Step 4 of generation: substitutes the three specs in SUBSTITUTION_ORDER; the inputs are not modified. */
export const resolvePlaceholders = (specs: Record<LeiaPartKind, Spec>): Record<LeiaPartKind, Spec> => {
  const scope: Record<LeiaPartKind, Spec> = { ...specs };
  for (const kind of SUBSTITUTION_ORDER) {
    scope[kind] = substitutePlaceholders(specs[kind], scope) as Spec;
  }
  return scope;
};
