import type { Actor } from '@shared/permissions';
import type { VersionEntry } from '@shared/schemas/history';
import { HISTORY_TEXTS } from '@shared/schemas/history';
import type { VersionBump } from '@shared/semver';
import { actionsOf } from '../action';
import { VERSIONS_COMMAND_REASONS, VERSIONS_FLOW_TEXTS, type VersionsEvent } from './contract';
import { comparePreviousReason, isBrowsing, type VersionsSnapshot } from './selectors';

/**
 * What a user can do with the History of an item (the View modal's tab, a wizard part's), each
 * defined once (machines/action.ts): the version row's Restore button and the palette's commands.
 * When each can run is the machine's guards (./machine.ts); why not, read from where it is.
 */

const defineAction = actionsOf<VersionsEvent, VersionsSnapshot>();
const signedIn = (actor: Actor | null) => actor !== null;
/** While a comparison, a restore question or a restore is under way, the History is busy. */
const busyOr = (reason: (s: VersionsSnapshot) => string) => (s: VersionsSnapshot) =>
  isBrowsing(s) ? reason(s) : VERSIONS_COMMAND_REASONS.busy;

export const comparePrevious = defineAction({
  id: 'history.comparePrevious',
  label: 'Compare with previous version',
  title: 'Compare with previous version',
  group: 'History',
  keywords: ['diff', 'changes', 'history', 'versions'],
  allowed: signedIn,
  type: 'history.comparePrevious',
  event: () => ({ type: 'history.comparePrevious' }),
  unavailable: busyOr((s) => comparePreviousReason(s, '') ?? ''),
});

/** A version's checkbox: two picked are compared (not while a restore is asked or under way). */
export const pickVersion = defineAction<VersionEntry>({
  id: 'history.pick',
  label: 'Compare',
  title: 'Compare versions',
  group: 'History',
  allowed: signedIn,
  type: 'history.pick',
  event: (entry) => ({ type: 'history.pick', id: entry.id }),
  unavailable: busyOr(() => ''),
});

/** The row's Restore: asks which new version it becomes (an older version, by its owner or an admin). */
export const askRestore = defineAction<VersionEntry>({
  id: 'history.restoreAsk',
  label: 'Restore this version',
  title: 'Restore this version',
  group: 'History',
  allowed: signedIn,
  type: 'history.restore.ask',
  event: (entry) => ({ type: 'history.restore.ask', id: entry.id }),
  unavailable: busyOr(() => VERSIONS_COMMAND_REASONS.notOwner),
});

/** The palette's: which version, then as which new version; restored at once. */
export const restoreVersion = defineAction<{ entry: VersionEntry; bump: VersionBump }>({
  id: 'history.restore',
  label: 'Restore',
  title: 'Restore version...',
  group: 'History',
  keywords: ['undo', 'revert', 'history', 'rollback'],
  allowed: signedIn,
  type: 'history.restore',
  event: ({ entry, bump }) => ({ type: 'history.restore', id: entry.id, bump }),
  unavailable: busyOr(() => VERSIONS_COMMAND_REASONS.notOwner),
});

/** The design the item was made from, when the viewer may read it (a lineage link). */
export const openSource = defineAction({
  id: 'leias.derivedFrom',
  label: 'Open the design this came from',
  title: 'Open the design this came from',
  group: 'History',
  keywords: ['lineage', 'source', 'origin', 'parent', 'derived'],
  allowed: signedIn,
  type: 'history.openSource',
  event: () => ({ type: 'history.openSource' }),
  unavailable: (s) => {
    const { lineage } = s.context;
    if (lineage === null) return VERSIONS_FLOW_TEXTS.loading;
    return lineage.derivedFrom ? HISTORY_TEXTS.derivedFromPrivate : VERSIONS_COMMAND_REASONS.notDerived;
  },
});
