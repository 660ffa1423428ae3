import type { z } from 'zod';
import { describeJsonError } from './json-errors';

/**
 * What text and JSON the product accepts, on both sides: the server checks every request body,
 * query string and path against it before anything else reads them, and the client's forms and JSON
 * editors use the same rule, so a user sees the message before sending. Everything it does not
 * refuse is kept exactly as sent.
 *
 * Refused: U+0000 (PostgreSQL cannot store it in text or jsonb), unpaired UTF-16 surrogates (not
 * text in any encoding, so no database or browser can round-trip them), and JSON nested deeper than
 * MAX_JSON_DEPTH levels (no spec needs it, and serialising it can exhaust the stack).
 */
export const MAX_JSON_DEPTH = 64;

export const INPUT_TEXTS = {
  /** The code editors' text for JSON that does not parse. */
  invalidJson: 'Invalid JSON format',
  nul: 'must not contain the NUL character (U+0000)',
  surrogate: 'must not contain an unpaired surrogate (a broken character)',
  tooDeep: `is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
} as const;

/** Why `text` cannot be accepted, or undefined when it can. */
export const textProblem = (text: string): string | undefined => {
  if (text.includes('\u0000')) return INPUT_TEXTS.nul;
  if (!text.isWellFormed()) return INPUT_TEXTS.surrogate;
  return undefined;
};

export interface InputProblem {
  /** Dotted path of the offending value ('' for the value itself); a bad key names its own path. */
  path: string;
  message: string;
}

const child = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

/**
 * The first value in `value` (strings and object keys, at any depth) that the product does not
 * accept, or undefined. Walks with its own stack, so hostile depth cannot overflow the call stack,
 * and stops at the first problem.
 */
export function findInputProblem(value: unknown, root = ''): InputProblem | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const message = textProblem(item.value);
      if (message) return { path: item.path, message };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_JSON_DEPTH) return { path: item.path, message: INPUT_TEXTS.tooDeep };
    if (Array.isArray(item.value)) {
      for (let i = item.value.length - 1; i >= 0; i--) {
        stack.push({ value: item.value[i], path: child(item.path, i), depth: item.depth + 1 });
      }
      continue;
    }
    const entries = Object.entries(item.value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, entry] = entries[i]!;
      const path = child(item.path, key);
      const message = textProblem(key);
      if (message) return { path, message: `key ${message}` };
      stack.push({ value: entry, path, depth: item.depth + 1 });
    }
  }
  return undefined;
}

/**
 * The rule as a zod refinement of a form field, so a form says "<label> must not contain ..."
 * before anything is sent: `z.string().superRefine(acceptableText('Name'))`.
 */
export const acceptableText =
  (label: string) =>
  (text: string, ctx: z.RefinementCtx): void => {
    const problem = textProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: `${label} ${problem}` });
  };

export type ParsedJson = { ok: true; value: unknown } | { ok: false; error: string };

/** 'Invalid JSON format (line 3, column 5: a comma or a closing } is expected)': the product's text, then where and what. */
export const invalidJsonText = (text: string): string => {
  const where = describeJsonError(text);
  return where ? `${INPUT_TEXTS.invalidJson} (${where})` : INPUT_TEXTS.invalidJson;
};

/**
 * The text of a JSON editor, parsed and checked with the rule: 'Invalid JSON format' with where
 * and what, or the first value the product would refuse ("spec.name must not contain ..."), or
 * the value.
 */
export function parseJsonText(text: string): ParsedJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: invalidJsonText(text) };
  }
  const problem = findInputProblem(value);
  return problem
    ? { ok: false, error: `${problem.path || 'The value'} ${problem.message}` }
    : { ok: true, value };
}
