import { generateLeia } from './engine/generate';
import { flattenPathMap } from './engine/paths';
import { type LeiaParts, type ResolvedLeia, silentLogger } from './engine/types';
import { isPlainObject, type PlainObject } from './engine/values';
import { type Actor, canSeeBehaviour } from './permissions';
import type { ResourceKind } from './schemas/resources';

/**
 * The instructor's view of behaviour content (docs/architecture.md "Roles"): an instructor chooses a
 * behaviour by name only, so every response that would carry behaviour content to them carries
 * just its id, metadata, `spec.role` and `spec.process`. This is the one place that decides it;
 * the resources API and the LEIA API both pass every part they return through `partForViewer`.
 */
export const INSTRUCTOR_BEHAVIOUR_FIELDS = ['role', 'process'] as const;

const VISIBLE_BEHAVIOUR_PATHS = INSTRUCTOR_BEHAVIOUR_FIELDS.map((field) => `behaviour.spec.${field}`);
const PROBLEM_PATH_MAPS = ['extends', 'overrides', 'constrainedTo'] as const;

const targetsBehaviour = (key: string) => key === 'behaviour' || key.startsWith('behaviour.');

const isHiddenBehaviourPath = (path: string): boolean =>
  targetsBehaviour(path) &&
  !VISIBLE_BEHAVIOUR_PATHS.some((visible) => path === visible || path.startsWith(`${visible}.`));

const reducedBehaviourSpec = (spec: PlainObject): PlainObject => {
  const reduced: PlainObject = {};
  for (const field of INSTRUCTOR_BEHAVIOUR_FIELDS) {
    if (spec[field] !== undefined) reduced[field] = spec[field];
  }
  return reduced;
};

/**
 * A problem's extends/overrides/constrainedTo may write into the behaviour (e.g. append to its
 * description), which would show the hidden text. Entries that target the behaviour are dropped,
 * except role and process; the rest of the map keeps its written form.
 */
const withoutBehaviourEntries = (map: unknown): unknown => {
  if (!isPlainObject(map) || !Object.keys(map).some(targetsBehaviour)) return map;
  const kept: PlainObject = {};
  for (const [key, value] of Object.entries(map)) {
    if (!targetsBehaviour(key)) {
      kept[key] = value;
      continue;
    }
    for (const [path, leaf] of flattenPathMap({ [key]: value })) {
      if (!isHiddenBehaviourPath(path)) kept[path] = leaf;
    }
  }
  return kept;
};

const problemSpecForInstructor = (spec: PlainObject): PlainObject => {
  let result = spec;
  for (const field of PROBLEM_PATH_MAPS) {
    const reduced = withoutBehaviourEntries(spec[field]);
    if (reduced !== spec[field]) result = { ...result, [field]: reduced };
  }
  return result;
};

/**
 * `part` as `viewer` may see it: unchanged for admins and advanced users; for anyone else a
 * behaviour keeps only role and process, and a problem loses the edits it would make to a
 * behaviour's hidden fields. Never mutates `part`.
 */
export function partForViewer<T extends { spec: PlainObject }>(
  viewer: Actor | null | undefined,
  kind: ResourceKind,
  part: T,
): T {
  if (canSeeBehaviour(viewer)) return part;
  if (kind === 'behaviour') return { ...part, spec: reducedBehaviourSpec(part.spec) };
  if (kind === 'problem') {
    const spec = problemSpecForInstructor(part.spec);
    return spec === part.spec ? part : { ...part, spec };
  }
  return part;
}

/**
 * A resolved LEIA as read by anyone who may not see behaviour content: the persona and problem are
 * resolved again from the `raw` parts against the behaviour as they see it (role and process only),
 * so a {{behaviour.description}} placeholder stays a placeholder instead of copying the hidden text
 * into what they read; the behaviour is reduced. The problem's constraints held when `resolved` was
 * made and are not checked again (the reduced behaviour could fail them). The model always runs
 * the full `resolved` behaviour.
 */
export function restrictedLeiaView(raw: LeiaParts, resolved: ResolvedLeia): ResolvedLeia {
  const { constrainedTo: _held, ...problemSpec } = raw.problem.spec;
  const view = generateLeia(
    {
      persona: raw.persona,
      problem: { ...raw.problem, spec: problemSpec },
      behaviour: partForViewer(null, 'behaviour', raw.behaviour),
    },
    { logger: silentLogger },
  );
  // Without constraints the engine only fails on malformed extends/overrides, which `resolved`
  // would not have survived; the raw texts are then the safe answer.
  return {
    persona: view.ok ? view.leia.persona : raw.persona,
    problem: partForViewer(null, 'problem', view.ok ? view.leia.problem : raw.problem),
    behaviour: partForViewer(null, 'behaviour', resolved.behaviour),
  };
}

/** A resolved LEIA as `viewer` may read it: unchanged for admins and advanced users. */
export const leiaForViewer = (
  viewer: Actor | null | undefined,
  raw: LeiaParts,
  resolved: ResolvedLeia,
): ResolvedLeia => (canSeeBehaviour(viewer) ? resolved : restrictedLeiaView(raw, resolved));
