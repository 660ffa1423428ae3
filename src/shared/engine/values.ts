/**
 * Helpers for the JSON-like values that resource specs hold. They are hand-written rather than
 * structuredClone / JSON round-trips because the engine runs on every wizard keystroke and in bulk on
 * the server, and these are several times faster on small objects.
 */
export type PlainObject = Record<string, unknown>;

/** A `{}`-style object (not an array, Date, Map, class instance or null). */
export const isPlainObject = (value: unknown): value is PlainObject => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Keys that would reach an object's prototype when assigned with `obj[key] = ...`. JSON.parse happily
 * creates an own "__proto__" key, so data may carry one; it is copied as data, never assigned.
 */
const PROTOTYPE_KEY = '__proto__';

/** `target[key] = value`, except that "__proto__" becomes an ordinary own property. */
export const assignKey = (target: PlainObject, key: string, value: unknown): void => {
  if (key === PROTOTYPE_KEY) {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
};

/**
 * Deep copy of arrays and plain objects; anything else (primitives, Dates, ...) is kept as is.
 * Objects are copied with a spread (one fast shape copy; an own "__proto__" stays data) and only
 * their object-valued entries are rewritten.
 */
export const cloneValue = <T>(value: T): T => {
  if (Array.isArray(value)) return value.map(cloneValue) as T;
  if (!isPlainObject(value)) return value;
  return mapObjectValues(value, cloneValue) as T;
};

/**
 * `{...source}` with every value replaced by `map(value)`; used by every deep walk here. Only the
 * entries that change are written, since a spread copies the rest at once.
 */
export const mapObjectValues = (source: object, map: (value: unknown) => unknown): PlainObject => {
  const copy: PlainObject = { ...source };
  for (const key of Object.keys(source)) {
    const value = (source as PlainObject)[key];
    const next = map(value);
    if (next !== value) assignKey(copy, key, next);
  }
  return copy;
};

/** Structural equality of JSON-like values; key order does not matter. */
export const deepEqual = (a: unknown, b: unknown): boolean => {
  // `===` so that 0 and -0 match (JSON cannot tell them apart); Object.is so that NaN matches itself.
  if (a === b || Object.is(a, b)) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
};

/** How a value reads inside a sentence: strings as they are, everything else as JSON. */
export const toText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
};
