import { checkConstraints } from './constraints';
import { applyExtensions } from './extend';
import { ENGINE_TEXTS } from './messages';
import { applyOverrides } from './override';
import { resolvePlaceholders } from './placeholders';
import { MAX_LEIA_CHARS, SizeLimitExceeded } from './size';
import {
  consoleLogger,
  type GenerateOptions,
  type GenerateResult,
  type LeiaPart,
  type LeiaPartKind,
  type LeiaParts,
  type ResolvedPart,
  type Spec,
} from './types';
import { cloneValue, isPlainObject, mapObjectValues, type PlainObject } from './values';

/** The product's order of the "component is missing" texts: behaviour, problem, persona. */
const MISSING_CHECK_ORDER = ['behaviour', 'problem', 'persona'] as const satisfies readonly LeiaPartKind[];

const missingParts = (parts: Partial<LeiaParts> | null | undefined): string[] =>
  MISSING_CHECK_ORDER.filter((kind) => !isPlainObject(parts?.[kind]?.spec)).map(
    (kind) => ENGINE_TEXTS.missingComponent[kind],
  );

/** A problem's extends/overrides map: absent (undefined or null) means none. */
type MapCheck = { ok: true; map: PlainObject | undefined } | { ok: false };
const readMap = (value: unknown): MapCheck => {
  if (value === undefined || value === null) return { ok: true, map: undefined };
  return isPlainObject(value) ? { ok: true, map: value } : { ok: false };
};

/** The result part: every field but spec deep-copied, then the resolved spec. */
const finishPart = <T extends LeiaPart>(part: T, spec: Spec): ResolvedPart<T> =>
  mapObjectValues({ ...part, spec }, (value) =>
    value === spec ? spec : cloneValue(value),
  ) as ResolvedPart<T>;

/**
 * Builds a LEIA from a persona, a problem and a behaviour, in these steps:
 * 1. check the problem's constrainedTo, 2. apply its extends, 3. apply its overrides,
 * 4. substitute {{placeholders}} in problem, then persona, then behaviour, within MAX_LEIA_CHARS.
 * All errors are collected (constraints first, then malformed extends/overrides) and nothing is
 * generated if there is any. The inputs are never modified; the result is a deep copy.
 */
export const generateLeia = <P extends LeiaPart, Q extends LeiaPart, B extends LeiaPart>(
  parts: LeiaParts<P, Q, B>,
  options: GenerateOptions = {},
): GenerateResult<P, Q, B> => {
  const logger = options.logger ?? consoleLogger;
  const warnings: string[] = [];
  const missing = missingParts(parts);
  if (missing.length > 0) return { ok: false, errors: missing, warnings };

  const problemSpec = parts.problem.spec;
  const errors = checkConstraints(parts, problemSpec.constrainedTo);
  const extensions = readMap(problemSpec.extends);
  const overrides = readMap(problemSpec.overrides);
  if (!extensions.ok) errors.push(ENGINE_TEXTS.extensionsNotObject);
  if (!overrides.ok) errors.push(ENGINE_TEXTS.overridesNotObject);
  if (errors.length > 0 || !extensions.ok || !overrides.ok) return { ok: false, errors, warnings };

  let edited: LeiaParts = parts;
  if (extensions.map) edited = applyExtensions(edited, extensions.map, warnings);
  if (overrides.map) edited = applyOverrides(edited, overrides.map, warnings);
  for (const warning of warnings) logger.warn(warning);

  let specs: Record<LeiaPartKind, Spec>;
  try {
    specs = resolvePlaceholders(
      { persona: edited.persona.spec, problem: edited.problem.spec, behaviour: edited.behaviour.spec },
      { remaining: options.maxChars ?? MAX_LEIA_CHARS },
    );
  } catch (error) {
    if (!(error instanceof SizeLimitExceeded) || !error.kind) throw error;
    return {
      ok: false,
      errors: [ENGINE_TEXTS.tooLarge(error.kind, options.maxChars ?? MAX_LEIA_CHARS)],
      warnings,
    };
  }
  const leia = {
    persona: finishPart(parts.persona, specs.persona),
    problem: finishPart(parts.problem, specs.problem),
    behaviour: finishPart(parts.behaviour, specs.behaviour),
  };
  return { ok: true, leia, warnings };
};
