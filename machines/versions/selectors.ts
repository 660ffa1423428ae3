import type { SnapshotFrom } from 'xstate';
import { mayRestore, previousVersion, seesContent, VERSIONS_FLOW_TEXTS } from './contract';
import type { VersionsMachine } from './machine';

/* Selectors: what the views read from a versions snapshot. */

export type VersionsSnapshot = SnapshotFrom<VersionsMachine>;

export const isVersionsOpen = (s: VersionsSnapshot): boolean => !s.matches('Closed');

/** The History view: the list, what may be done with it, and what is under way. */
export const versionsView = (s: VersionsSnapshot) => ({
  target: s.context.target,
  versions: s.context.versions,
  lineage: s.context.lineage,
  loading: s.matches({ Open: 'Loading' }),
  failed: s.matches({ Open: 'Failed' }),
  comparing: s.matches({ Open: { Ready: 'Comparing' } }),
  confirming: s.matches({ Open: { Ready: 'Confirming' } }),
  restoringNow: s.matches({ Open: { Ready: 'Restoring' } }),
  picked: s.context.picked,
  comparison: s.context.comparison,
  restoring: s.context.restoring,
  result: s.context.result,
  error: s.context.error,
  seesContent: seesContent(s.context),
  mayRestore: mayRestore(s.context),
});
export type VersionsView = ReturnType<typeof versionsView>;

/** Why 'Compare with previous version' cannot run now, or undefined when it can. */
export const comparePreviousReason = (s: VersionsSnapshot, closed: string): string | undefined => {
  if (!s.matches({ Open: { Ready: 'Browsing' } })) return closed;
  if (!seesContent(s.context)) return VERSIONS_FLOW_TEXTS.contentHidden;
  return previousVersion(s.context) ? undefined : VERSIONS_FLOW_TEXTS.noPrevious;
};
/** The version list is shown (not a comparison, a restore question or a load). */
export const isBrowsing = (s: VersionsSnapshot): boolean => s.matches({ Open: { Ready: 'Browsing' } });
