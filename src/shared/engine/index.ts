/** The LEIA generation engine: pure (no Node or DOM imports), shared by the server and the wizard preview. */
export { checkConstraints, sharesProcess } from './constraints';
export { applyExtensions, extendValue } from './extend';
export { generateLeia } from './generate';
export { ENGINE_TEXTS } from './messages';
export { applyOverrides } from './override';
export { flattenPathMap, getPath, hasPath, type Path, splitPath, updateExistingPath } from './paths';
export {
  type PlaceholderScope,
  resolvePlaceholders,
  SUBSTITUTION_ORDER,
  substitutePlaceholders,
  substituteString,
} from './placeholders';
export { MAX_LEIA_CHARS } from './size';
export {
  consoleLogger,
  type EngineLogger,
  type GenerateOptions,
  type GenerateResult,
  LEIA_PART_KINDS,
  type LeiaPart,
  type LeiaPartKind,
  type LeiaParts,
  type ResolvedLeia,
  type ResolvedPart,
  type Spec,
  silentLogger,
} from './types';
export { cloneValue, deepEqual, isPlainObject, type PlainObject } from './values';
