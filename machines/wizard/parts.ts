import { deepEqual, generateLeia, type LeiaParts, type ResolvedLeia, silentLogger } from '@shared/engine';
import type { Actor } from '@shared/permissions';
import { type ResourceKind, resourceKinds } from '@shared/schemas/resources';
import type { InitializeBody, RunnerPart } from '@shared/schemas/runner';
import type { ItemOwner } from '@shared/schemas/visibility';
import type { VersionsTarget } from '../versions/contract';

/**
 * What the design wizard holds about the three parts (machines/wizard/machine.ts): the chosen resources,
 * their originals, and what is built from them (the preview, the Try request). Pure functions.
 */

export type PartKind = ResourceKind;
/** persona, problem, behaviour: the order in which new parts are created on Finish. */
export const PART_KINDS = resourceKinds;

/** A chosen resource as the resources API answers it, plus the client-only `edited` flag. */
export interface WizardPart {
  id: string;
  apiVersion: string;
  metadata: { name: string; version: string };
  spec: Record<string, unknown>;
  user?: ItemOwner;
  isPublished?: boolean;
  createdAt?: string;
  updatedAt?: string;
  /** Saved in an editor with content that differs from the original: it becomes a new resource. */
  edited?: boolean;
}

export type Parts = Partial<Record<PartKind, WizardPart>>;

/** The keys of the step 3 names: the LEIA's, and one per edited part. */
export type NameKey = 'leia' | PartKind;
export const NAME_KEYS = ['leia', ...PART_KINDS] as const satisfies readonly NameKey[];

/** What the viewer may do here (src/shared/permissions.ts, decided once by the screen). */
export interface WizardViewer {
  /** canSeeBehaviour: edit behaviours and see their content (not instructors). */
  seesBehaviour: boolean;
  /** canPublish: the visibility selectors (admins). */
  publishes: boolean;
  /** Who designs: step 3 offers 'New version of' what they may version (canVersion). */
  actor?: Actor;
}

export const isEdited = (part: WizardPart | undefined): boolean => part?.edited === true;

export const allChosen = (parts: Parts): parts is Required<Parts> =>
  PART_KINDS.every((kind) => parts[kind] !== undefined);

/** The parts that become new resources on Finish, in creation order. */
export const editedKinds = (parts: Parts): PartKind[] => PART_KINDS.filter((kind) => isEdited(parts[kind]));

/** The names step 3 asks for: the LEIA's first, then each edited part's. */
export const activeNameKeys = (parts: Parts): NameKey[] => ['leia', ...editedKinds(parts)];

/** An editor's save: marks the part edited, or restores the original when nothing differs from it. */
export const savedPart = (
  current: WizardPart,
  original: WizardPart | undefined,
  change: { spec: Record<string, unknown>; apiVersion: string },
): WizardPart => {
  const base = original ?? current;
  if (deepEqual(change.spec, base.spec) && change.apiVersion === base.apiVersion) return base;
  return { ...current, spec: change.spec, apiVersion: change.apiVersion, edited: true };
};

/** The generated preview: the LEIA, or the errors that stopped it (no LEIA is kept then). */
export interface Generation {
  leia: ResolvedLeia | null;
  errors: string[];
  warnings: string[];
}

/**
 * Runs the shared generation engine (the code the server runs) on the parts. A failure the engine
 * did not foresee is reported with its message, or `unknownError`.
 */
export const generatePreview = (parts: Parts, unknownError: string): Generation => {
  try {
    const result = generateLeia(parts as LeiaParts<WizardPart, WizardPart, WizardPart>, {
      logger: silentLogger,
    });
    return result.ok
      ? { leia: result.leia, errors: [], warnings: result.warnings }
      : { leia: null, errors: result.errors, warnings: result.warnings };
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : unknownError;
    return { leia: null, errors: [message], warnings: [] };
  }
};

/**
 * How a part travels to POST /runner/initialize: a stored one by id, an edited one as an unsaved
 * edit (its spec with `edited: true`). A behaviour the viewer may not see always goes by id.
 */
const runnerPart = (kind: PartKind, part: WizardPart, viewer: WizardViewer): RunnerPart => {
  if (!part.edited || (kind === 'behaviour' && !viewer.seesBehaviour)) return part.id;
  return { id: part.id, apiVersion: part.apiVersion, metadata: part.metadata, spec: part.spec, edited: true };
};

export const runnerBody = (
  parts: Required<Parts>,
  viewer: WizardViewer,
  leiaName: string,
): InitializeBody & Required<Pick<InitializeBody, 'spec'>> => {
  const name = leiaName.trim();
  return {
    spec: {
      persona: runnerPart('persona', parts.persona, viewer),
      problem: runnerPart('problem', parts.problem, viewer),
      behaviour: runnerPart('behaviour', parts.behaviour, viewer),
    },
    ...(name ? { metadata: { name } } : {}),
  };
};

/** Admins' publish flags: a part is published when the LEIA is (the master toggle) or its own toggle is on. */
export const publishes = (visibility: Partial<Record<NameKey, boolean>>, key: NameKey): boolean =>
  visibility.leia === true || visibility[key] === true;

/**
 * The parts a public LEIA makes public that would otherwise stay private: new parts whose own
 * toggle is off, and chosen stored parts that are unpublished (the server publishes them with it).
 */
export interface MadePublic {
  kind: PartKind;
  /** The stored part's name (a new part's own name is asked for in step 3). */
  name: string;
  isNew: boolean;
}

export const partsMadePublic = (
  parts: Parts,
  visibility: Partial<Record<NameKey, boolean>>,
): MadePublic[] => {
  if (visibility.leia !== true) return [];
  return PART_KINDS.flatMap((kind): MadePublic[] => {
    const part = parts[kind];
    if (!part) return [];
    if (part.edited)
      return visibility[kind] === true ? [] : [{ kind, name: part.metadata.name, isNew: true }];
    return part.isPublished === false ? [{ kind, name: part.metadata.name, isNew: false }] : [];
  });
};

/** The History of a chosen part: its stored id and name (an edited part's are its original's). */
export const historyTarget = (kind: PartKind, part: WizardPart): VersionsTarget => ({
  kind,
  id: part.id,
  name: part.metadata.name,
  version: part.metadata.version,
});
