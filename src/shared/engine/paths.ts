import { assignKey, isPlainObject, type PlainObject } from './values';

/**
 * Dotted paths such as `persona.spec.personality` address values inside the three parts of a LEIA.
 * Only own properties are followed, so a path can never reach `constructor`, `__proto__` or anything
 * else an object inherits.
 */
export type Path = readonly string[];

export const PATH_SEPARATOR = '.';

export const splitPath = (path: string): string[] => path.split(PATH_SEPARATOR);

const child = (container: unknown, key: string): unknown => {
  if (Array.isArray(container)) return Object.hasOwn(container, key) ? container[Number(key)] : undefined;
  if (typeof container === 'object' && container !== null && Object.hasOwn(container, key)) {
    return (container as PlainObject)[key];
  }
  return undefined;
};

/** The value at `path`, or undefined when any segment is missing. */
export const getPath = (root: unknown, path: Path | string): unknown => {
  const segments = typeof path === 'string' ? splitPath(path) : path;
  let current = root;
  for (const segment of segments) {
    current = child(current, segment);
    if (current === undefined) return undefined;
  }
  return current;
};

/** Whether `path` leads to a value (a present key holding `undefined` counts as missing). */
export const hasPath = (root: unknown, path: Path | string): boolean => getPath(root, path) !== undefined;

/** A shallow copy; a spread keeps an own "__proto__" key as data. */
const copyContainer = (container: unknown): unknown[] | PlainObject | undefined => {
  if (Array.isArray(container)) return container.slice();
  if (typeof container === 'object' && container !== null) return { ...container };
  return undefined;
};

/**
 * Copy-on-write update of a value that already exists: returns a new root in which only the
 * containers along `path` are copied (everything else is shared with `root`), or undefined when the
 * path does not exist. `root` itself is never modified.
 */
export const updateExistingPath = <T>(
  root: T,
  path: Path,
  update: (current: unknown) => unknown,
): T | undefined => {
  if (path.length === 0) return undefined;
  const [head, ...rest] = path as [string, ...string[]];
  const current = child(root, head);
  if (current === undefined) return undefined;
  const next = rest.length === 0 ? update(current) : updateExistingPath(current, rest, update);
  if (next === undefined) return undefined;
  const copy = copyContainer(root);
  if (Array.isArray(copy)) copy[Number(head)] = next;
  else if (copy) assignKey(copy, head, next);
  return copy as T;
};

/**
 * Extends, overrides and constraints may be written nested (`{persona: {spec: {personality: x}}}`),
 * with dotted keys (`{'persona.spec.personality': x}`) or any mix of both; all of them mean the path
 * persona.spec.personality. Plain objects are descended into until a leaf: an array, a primitive or an
 * empty object. Entries keep the order in which they were written, duplicates included.
 */
export const flattenPathMap = (map: PlainObject): Array<[path: string, value: unknown]> => {
  const entries: Array<[string, unknown]> = [];
  collectLeaves('', map, entries);
  return entries;
};

function collectLeaves(prefix: string, value: unknown, entries: Array<[string, unknown]>): void {
  if (prefix !== '' && (!isPlainObject(value) || Object.keys(value).length === 0)) {
    entries.push([prefix, value]);
    return;
  }
  for (const [key, nested] of Object.entries(value as PlainObject)) {
    collectLeaves(prefix === '' ? key : `${prefix}${PATH_SEPARATOR}${key}`, nested, entries);
  }
}
