/**
 * Every text the engine emits. Errors are the product's texts, verbatim (the constraint check and
 * the missing components); warnings are ours.
 */
const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

export const ENGINE_TEXTS = {
  constraintsNotObject: 'Constraints must be an object',
  extensionsNotObject: 'Extensions must be an object',
  overridesNotObject: 'Overrides must be an object',
  missingComponent: {
    persona: 'Persona component is missing',
    problem: 'Problem component is missing',
    behaviour: 'Behaviour component is missing',
  },
  valueMissing: (path: string) => `Constraint not met: ${path}. Value does not exist.`,
  /** The expected and actual values are shown; they follow as JSON. */
  noCompatibleProcess: (path: string, expected: unknown, actual: unknown) =>
    `Constraint not met: ${path}. No compatible processes found. Expected: ${show(expected)}, actual: ${show(actual)}`,
  valueMismatch: (path: string) => `Constraint not met: ${path}. Value does not match.`,
  ignoredOutsideSpec: (what: EditKind, path: string) =>
    `Ignoring ${what}: ${path}. Only paths of the form <persona|problem|behaviour>.spec.<field> can be changed.`,
  ignoredMissing: (what: EditKind, path: string) => `Ignoring ${what}: ${path}. Value does not exist.`,
  tooLarge: (kind: string, maxChars: number) =>
    `The ${kind} is too large once its placeholders are filled in: the whole LEIA may hold at most ${maxChars.toLocaleString('en-US')} characters. Use fewer or shorter placeholders.`,
} as const;

export type EditKind = 'extension' | 'override';
