import { remembering } from '../remembering';
import { getPath, splitPath } from './paths';
import { charge, chargeValue, type SizeBudget, SizeLimitExceeded } from './size';
import type { LeiaPartKind, Spec } from './types';
import { cloneValue, isPlainObject, mapObjectValues, toText } from './values';

/**
 * `{{kind.field.sub}}`: a path whose first segment names a part and whose rest points into that
 * part's spec, e.g. {{persona.fullName}}, {{problem.solution}}. Blanks around the path are allowed;
 * the path itself holds no blanks or braces. (The same grammar as /\{\{\s*([^{}\s]+)\s*\}\}/g, scanned
 * by hand and compiled once per string because a regex replace with a callback was the engine's hot
 * spot: several times slower on the long behaviour templates.)
 */
const OPEN = '{{';
const CLOSE = '}}';
const NOT_IN_PATH = /[\s{}]/;

/** What placeholders can see: part kind -> that part's spec. */
export type PlaceholderScope = Readonly<Partial<Record<LeiaPartKind, Spec>>>;

/** Part order of step 4: each later part sees the already substituted specs of the earlier ones. */
export const SUBSTITUTION_ORDER = [
  'problem',
  'persona',
  'behaviour',
] as const satisfies readonly LeiaPartKind[];

/** The path between a pair of braces, or undefined when the text there is not a placeholder. */
const placeholderPath = (inner: string): string | undefined => {
  const path = inner.trim();
  return path === '' || NOT_IN_PATH.test(path) ? undefined : path;
};

interface Placeholder {
  /** As written, braces included: what an unknown placeholder stays as. */
  raw: string;
  segments: readonly string[];
}
/** A string cut into literal text and placeholders; `whole` when one placeholder is all of it. */
interface Template {
  pieces: ReadonlyArray<string | Placeholder>;
  whole: Placeholder | undefined;
}

const compile = (text: string): Template => {
  const pieces: Array<string | Placeholder> = [];
  let copied = 0;
  let open = text.indexOf(OPEN);
  while (open !== -1) {
    const close = text.indexOf(CLOSE, open + OPEN.length);
    if (close === -1) break;
    const path = placeholderPath(text.slice(open + OPEN.length, close));
    if (path === undefined) {
      // Not a placeholder here; one may still start inside it, as in "{{{persona.fullName}}".
      open = text.indexOf(OPEN, open + 1);
      continue;
    }
    const end = close + CLOSE.length;
    if (open > copied) pieces.push(text.slice(copied, open));
    pieces.push({ raw: text.slice(open, end), segments: splitPath(path) });
    copied = end;
    open = text.indexOf(OPEN, end);
  }
  if (copied < text.length) pieces.push(text.slice(copied));
  const [first] = pieces;
  return { pieces, whole: pieces.length === 1 && typeof first === 'object' ? first : undefined };
};

/**
 * Templates are compiled once per distinct string: the same behaviour description is substituted
 * for every LEIA built on it, and V8 caches a string's hash, so the lookup is cheap. The cache is
 * simply emptied when full, which bounds memory on a long-running server.
 */
const MAX_CACHED_TEMPLATES = 1_000;
const templateOf = remembering(compile, MAX_CACHED_TEMPLATES);

/**
 * Substitutes the placeholders of one string. A placeholder that is the whole string is replaced by
 * the value itself (a copy), so `"{{problem.process}}"` can become a list; embedded placeholders are
 * rendered as text (objects and lists as JSON). Unknown placeholders are left as written. Inserted
 * text is not scanned again. With a `budget`, what is written is charged to it as it is written.
 */
export const substituteString = (text: string, scope: PlaceholderScope, budget?: SizeBudget): unknown => {
  if (!text.includes(OPEN)) {
    charge(budget, text.length);
    return text;
  }
  const { pieces, whole } = templateOf(text);
  if (whole) {
    const value = getPath(scope, whole.segments);
    if (value === undefined) {
      charge(budget, text.length);
      return text;
    }
    chargeValue(budget, value);
    return cloneValue(value);
  }
  let result = '';
  for (const piece of pieces) {
    const value = typeof piece === 'string' ? piece : getPath(scope, piece.segments);
    const written = typeof piece === 'string' ? piece : value === undefined ? piece.raw : toText(value);
    charge(budget, written.length);
    result += written;
  }
  return result;
};

/**
 * Substitutes placeholders in every string inside `value` (objects and lists are walked; keys are
 * not substituted). Always returns fresh containers, so the result shares nothing mutable with the input.
 */
export const substitutePlaceholders = (
  value: unknown,
  scope: PlaceholderScope,
  budget?: SizeBudget,
): unknown => {
  if (typeof value === 'string') return substituteString(value, scope, budget);
  if (Array.isArray(value)) return value.map((item) => substitutePlaceholders(item, scope, budget));
  if (!isPlainObject(value)) return value;
  return mapObjectValues(value, (item) => substitutePlaceholders(item, scope, budget));
};

/**
 * Step 4 of generation: substitutes the three specs in SUBSTITUTION_ORDER; the inputs are not
 * modified. A spent `budget` throws SizeLimitExceeded naming the part being written.
 */
export const resolvePlaceholders = (
  specs: Record<LeiaPartKind, Spec>,
  budget?: SizeBudget,
): Record<LeiaPartKind, Spec> => {
  const scope: Record<LeiaPartKind, Spec> = { ...specs };
  for (const kind of SUBSTITUTION_ORDER) {
    try {
      scope[kind] = substitutePlaceholders(specs[kind], scope, budget) as Spec;
    } catch (error) {
      throw error instanceof SizeLimitExceeded ? new SizeLimitExceeded(kind) : error;
    }
  }
  return scope;
};
