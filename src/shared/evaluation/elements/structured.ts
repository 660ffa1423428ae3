import { parseDocument } from 'yaml';
import { splitIdentifiers, terms } from '../normalise';
import { draft, type ElementDraft } from './types';

/**
 * YAML and JSON: one element per leaf, labelled by its path and value
 * (`functional_requirements[FR1].text: Import the coming appointments...`). An `id` beside other
 * fields names its list item in the path instead of being an element of its own: nobody reveals
 * "FR1" in an interview. A short value is matched together with its key ("max_hours: 3" needs
 * "max hours" and "3"), unless the key is a generic one such as text or name.
 */

const ID_KEYS = new Set(['id', 'key', 'code', 'ref']);
const GENERIC_KEYS = new Set([
  'text',
  'value',
  'name',
  'label',
  'title',
  'description',
  'summary',
  'details',
]);
/** A value with fewer terms than this is matched with its key. */
const SHORT_VALUE_TERMS = 2;

type Leaf = string | number | boolean;

const isLeaf = (value: unknown): value is Leaf =>
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  typeof value === 'bigint';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The scalar id of a list item that has other fields too, if it has one. */
function itemId(value: unknown): string | undefined {
  if (!isRecord(value) || Object.keys(value).length < 2) return undefined;
  for (const key of Object.keys(value)) {
    const id = value[key];
    if (ID_KEYS.has(key.toLowerCase()) && (typeof id === 'string' || typeof id === 'number')) {
      const text = String(id).trim();
      if (text !== '' && !/[[\]\s]/.test(text)) return text;
    }
  }
  return undefined;
}

const keyPath = (parent: string, key: string) =>
  parent === '' ? key : /^[\w$-]+$/.test(key) ? `${parent}.${key}` : `${parent}["${key}"]`;

function collect(value: unknown, path: string, key: string | undefined, out: ElementDraft[], depth: number) {
  if (depth > 64) return;
  if (Array.isArray(value)) {
    value.forEach((entry, index) => {
      collect(entry, `${path}[${itemId(entry) ?? index}]`, undefined, out, depth + 1);
    });
    return;
  }
  if (isRecord(value)) {
    const skipId = itemId(value) !== undefined;
    for (const [childKey, child] of Object.entries(value)) {
      if (skipId && ID_KEYS.has(childKey.toLowerCase()) && isLeaf(child)) continue;
      collect(child, keyPath(path, childKey), childKey, out, depth + 1);
    }
    return;
  }
  if (!isLeaf(value)) return;
  const text = String(value).trim();
  if (text === '') return;
  const withKey =
    key !== undefined &&
    !GENERIC_KEYS.has(key.toLowerCase()) &&
    !ID_KEYS.has(key.toLowerCase()) &&
    terms(text).length < SHORT_VALUE_TERMS;
  const label = path === '' ? text : `${path}: ${text}`;
  const parent = path.replace(/(\.[\w$-]+|\[[^\]]*\]|\["[^"]*"\])$/, '');
  out.push(draft('entry', label, withKey ? `${splitIdentifiers(key)} ${text}` : text, parent || undefined));
}

/** Leaves of a parsed document; a bare scalar (prose that happens to parse) yields nothing. */
function leaves(document: unknown): ElementDraft[] {
  if (!Array.isArray(document) && !isRecord(document)) return [];
  const out: ElementDraft[] = [];
  collect(document, '', undefined, out, 0);
  return out;
}

/** parseDocument rather than parse: it reports problems in the document instead of logging them. */
export function yamlElements(text: string): ElementDraft[] {
  const document = parseDocument(text, { uniqueKeys: false });
  if (document.errors.length > 0) return [];
  return leaves(document.toJS({ maxAliasCount: 100 }));
}

export const jsonElements = (text: string): ElementDraft[] => leaves(JSON.parse(text));
