import { type Actor, canSeeVersionContent, canVersion } from '@shared/permissions';
import type { Lineage, VersionEntry } from '@shared/schemas/history';
import { bumpVersion, compareVersions, DEFAULT_BUMP, VERSION_BUMPS, type VersionBump } from '@shared/semver';
import { changeSummary, fieldChanges } from '@shared/version-changes';

/**
 * The versions machine's (./machine.ts) types, texts and rules: what a comparison is made
 * of, which versions pair up, and who may see content or restore (src/shared/permissions.ts). Pure.
 */

export type VersionsKind = 'persona' | 'problem' | 'behaviour' | 'leia';

export interface VersionsTarget {
  kind: VersionsKind;
  id: string;
  name: string;
  version: string;
}

/** One version's content: its data (for the summary) and the text the diff shows. */
export interface VersionContent {
  document: unknown;
  text: string;
}

export interface Comparison {
  before: VersionEntry;
  after: VersionEntry;
  beforeText: string;
  afterText: string;
  summary: string;
}

export interface RestoreResult {
  /** The version restored, and the new one made from it. */
  from: string;
  id: string;
  version: string;
  message: string;
}

export const VERSIONS_FLOW_TEXTS = {
  loading: 'Loading versions...',
  failed: 'Could not load the versions',
  compareFailed: 'Could not load these versions to compare',
  restoreFailed: 'Could not restore this version',
  restored: (from: string, to: string) => `Restored v${from} as v${to}`,
  contentHidden: "A behaviour's content is hidden from instructors: only its versions are listed",
  pickTwo: 'Choose two versions to compare',
  noPrevious: 'There is no earlier version to compare with',
} as const;

/** The fields a comparison's summary leaves out: the version number always differs. */
export const SUMMARY_IGNORES = ['metadata.version'] as const;

export interface VersionsContext {
  viewer: Actor | null;
  target: VersionsTarget | null;
  /** Newest first, as the server answers. */
  versions: VersionEntry[];
  lineage: Lineage | null;
  /** The versions chosen for comparing, in the order chosen (at most two). */
  picked: string[];
  comparison: Comparison | null;
  /** The version 'Restore this version' asks about, and the bump chosen for the new one. */
  restoring: { entry: VersionEntry; bump: VersionBump } | null;
  result: RestoreResult | null;
  error: string | null;
}

export type VersionsEvent =
  | { type: 'history.open'; target: VersionsTarget }
  | { type: 'history.close' }
  | { type: 'history.retry' }
  | { type: 'history.pick'; id: string }
  | { type: 'history.compare'; from: string; to: string }
  | { type: 'history.comparePrevious' }
  | { type: 'history.restore.ask'; id: string }
  | { type: 'history.restore.bump'; bump: VersionBump }
  | { type: 'history.restore.cancel' }
  | { type: 'history.restore.confirm' }
  | { type: 'history.restore'; id: string; bump: VersionBump }
  /** Open the design the item came from (when the viewer may read it): emits `openSource`. */
  | { type: 'history.openSource' };

/** What the History asks the screen to open once it takes history.openSource. */
export interface OpenSource {
  type: 'openSource';
  source: { id: string; name: string; version: string };
}

/** Picking a version toggles it; a third pick replaces the older of the two. */
export const pickedAfter = (picked: readonly string[], id: string): string[] =>
  picked.includes(id) ? picked.filter((one) => one !== id) : [...picked, id].slice(-2);

/** The version just below the target's (what 'Compare with previous version' compares it with). */
export const previousVersion = (context: Pick<VersionsContext, 'target' | 'versions'>) => {
  const { target, versions } = context;
  if (!target) return undefined;
  const index = versions.findIndex((entry) => entry.id === target.id);
  return index < 0 ? undefined : versions[index + 1];
};

/** Each bump with the number it would give after `latest`, minor (the default) first. */
export const bumpOptions = (latest: string) =>
  [DEFAULT_BUMP, ...VERSION_BUMPS.filter((bump) => bump !== DEFAULT_BUMP)].map((bump) => ({
    bump,
    version: bumpVersion(latest, bump),
  }));

export const EMPTY = {
  versions: [],
  lineage: null,
  picked: [],
  comparison: null,
  restoring: null,
  result: null,
  error: null,
} satisfies Omit<VersionsContext, 'viewer' | 'target'>;

export const seesContent = (context: VersionsContext) =>
  context.target !== null && canSeeVersionContent(context.viewer, context.target.kind);

/**
 * A version that may be restored: an older one (the newest is the current content: restoring it
 * would copy it unchanged), where the viewer may restore at all.
 */
export const restorable = (context: VersionsContext, id: string): boolean =>
  mayRestore(context) && context.versions.slice(1).some((version) => version.id === id);

/** Why the History's commands wait. */
export const VERSIONS_COMMAND_REASONS = {
  notDerived: 'This LEIA was not derived from another',
  notOwner: 'Only the owner of this name or an administrator can restore a version',
  busy: 'Wait for the History to finish what it is doing',
} as const;

export const mayRestore = (context: VersionsContext) => {
  const latest = context.versions[0];
  return (
    context.target !== null && latest !== undefined && canVersion(context.viewer, context.target.kind, latest)
  );
};

export const entry = (context: VersionsContext, id: string) => context.versions.find((one) => one.id === id);

/** The two picked versions, oldest first. */
export const pair = (context: VersionsContext): [VersionEntry, VersionEntry] | null => {
  const [a, b] = context.picked.map((id) => entry(context, id));
  if (!a || !b) return null;
  return compareVersions(a.version, b.version) <= 0 ? [a, b] : [b, a];
};

/** The comparison of the two picked versions from their contents (oldest first). */
export const comparisonOf = (
  context: VersionsContext,
  [older, newer]: [VersionContent, VersionContent],
): Comparison | null => {
  const versions = pair(context);
  if (!versions) return null;
  const changes = fieldChanges(older.document, newer.document, { ignore: SUMMARY_IGNORES });
  return {
    before: versions[0],
    after: versions[1],
    beforeText: older.text,
    afterText: newer.text,
    summary: changeSummary(changes),
  };
};
