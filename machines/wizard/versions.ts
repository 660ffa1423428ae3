import { type Actor, canVersion } from '@shared/permissions';
import { noteSchema } from '@shared/schemas/history';
import type { ItemOwner } from '@shared/schemas/visibility';
import { bumpVersion, DEFAULT_BUMP, DEFAULT_VERSION, type VersionBump } from '@shared/semver';
import { type Names, nameOf } from './names';
import type { NameKey, Parts } from './parts';

/**
 * How step 3 saves each item (issue 13): under a new name (version 1.0.0), or as a new version of
 * the name it came from (an edited part's original, the LEIA a design was made from), bumped from
 * that name's latest version; either with an optional change note. Only the latest version's owner
 * or an admin may add a version, and never a behaviour for an instructor (canVersion). Pure.
 */

export type SaveMode = 'name' | 'version';

export interface SaveAs {
  mode: SaveMode;
  bump: VersionBump;
}

/** The LEIA a design was made from ('Design from this'): its new LEIA records it as `derivedFrom`. */
export interface DesignSource {
  id: string;
  name: string;
  version: string;
  user?: ItemOwner;
}

/** The latest version of a name the viewer may see, and whose it is: a new version follows it. */
export interface LatestVersion {
  version: string;
  user?: ItemOwner;
}

export interface NoteField {
  value: string;
  error: string | null;
}

/** What of the wizard's context these rules read. */
export interface VersionsContext {
  viewer: { actor?: Actor };
  parts: Parts;
  names: Names;
  source: DesignSource | null;
  saveAs: Partial<Record<NameKey, SaveAs>>;
  notes: Partial<Record<NameKey, NoteField>>;
  latest: Partial<Record<NameKey, LatestVersion>>;
}

export const saveAsOf = (saveAs: VersionsContext['saveAs'], key: NameKey): SaveAs =>
  saveAs[key] ?? { mode: 'name', bump: DEFAULT_BUMP };

/** What 'New version of' builds on: the chosen part (its metadata is the original's), or the source LEIA. */
export const versionBase = (context: VersionsContext, key: NameKey): DesignSource | null => {
  if (key === 'leia') return context.source;
  const part = context.parts[key];
  return part ? { id: part.id, ...part.metadata, ...(part.user && { user: part.user }) } : null;
};

const latestOf = (context: VersionsContext, key: NameKey): LatestVersion | null =>
  context.latest[key] ?? versionBase(context, key);

/** Whether the viewer may save `key` as a new version of the name it came from. */
export const mayVersion = (context: VersionsContext, key: NameKey): boolean => {
  const latest = latestOf(context, key);
  return latest !== null && canVersion(context.viewer.actor, key, { user: latest.user ?? null });
};

/** `key` is to be saved as a new version (chosen, and allowed). */
export const isVersioning = (context: VersionsContext, key: NameKey): boolean =>
  saveAsOf(context.saveAs, key).mode === 'version' && mayVersion(context, key);

/** The number a bump gives after the name's latest version. */
export const bumpedVersion = (context: VersionsContext, key: NameKey, bump: VersionBump): string =>
  bumpVersion(latestOf(context, key)?.version ?? DEFAULT_VERSION, bump);

/** The name and version `key` is saved under. */
export const targetOf = (context: VersionsContext, key: NameKey): { name: string; version: string } => {
  if (!isVersioning(context, key)) return { name: nameOf(context.names, key), version: DEFAULT_VERSION };
  return {
    name: versionBase(context, key)!.name,
    version: bumpedVersion(context, key, saveAsOf(context.saveAs, key).bump),
  };
};

/** Why a change note cannot be stored ('A change note must be at most 500 characters'), or null. */
export const noteProblem = (value: string): string | null => {
  const parsed = noteSchema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

/** The note to send for `key`: trimmed, or nothing when blank. */
export const noteOf = (context: Pick<VersionsContext, 'notes'>, key: NameKey): string | undefined =>
  context.notes[key]?.value.trim() || undefined;

export const notesReady = (notes: VersionsContext['notes']): boolean =>
  Object.values(notes).every((note) => !note?.error);

/** The step 3 keys whose name is asked for: those not saved as a new version. */
export const namedKeys = (context: VersionsContext, keys: readonly NameKey[]): NameKey[] =>
  keys.filter((key) => !isVersioning(context, key));

/** What step 3 shows of one item: its save mode, the bumps with their numbers, its note. */
export interface SaveAsView {
  key: NameKey;
  /** The name 'New version of' continues, or null when the viewer may not version it. */
  versionOf: string | null;
  mode: SaveMode;
  bump: VersionBump;
  bumps: { bump: VersionBump; version: string }[];
  note: NoteField;
}

const BUMP_ORDER: readonly VersionBump[] = ['patch', 'minor', 'major'];

export const saveAsView = (context: VersionsContext, key: NameKey): SaveAsView => {
  const offered = mayVersion(context, key);
  const saveAs = saveAsOf(context.saveAs, key);
  return {
    key,
    versionOf: offered ? versionBase(context, key)!.name : null,
    mode: offered ? saveAs.mode : 'name',
    bump: saveAs.bump,
    bumps: offered ? BUMP_ORDER.map((bump) => ({ bump, version: bumpedVersion(context, key, bump) })) : [],
    note: context.notes[key] ?? { value: '', error: null },
  };
};
