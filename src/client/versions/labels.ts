import type { VersionEntry } from '@shared/schemas/history';

/** The History view's own labels (the flow's texts are machines/versions/machine.ts's). */
export const HISTORY_LABELS = {
  title: 'History',
  versionsOf: (name: string) => `Versions of ${name}`,
  compare: (version: string) => `Compare v${version}`,
  published: 'Published',
  shown: '(this version)',
  restore: 'Restore this version',
  restoreVersion: (version: string) => `Restore v${version}`,
  restoreTitle: (version: string) => `Restore v${version} as a new version`,
  restoreHint: 'Nothing is overwritten: the old content becomes a new version, noted "Restored from".',
  bump: 'New version number',
  confirm: 'Restore',
  cancel: 'Cancel',
  comparing: 'Loading the two versions...',
  summary: 'Changes',
  derived: 'Designs derived from this',
  noDerived: 'None that you can see',
  madeBy: (email: string) => `by ${email}`,
  ownedBy: (email: string) => `owner ${email}`,
  deletedAuthor: 'a deleted account',
} as const;

/**
 * Who made a version and, when someone else did (an admin acting on another's design), who owns
 * it: 'by admin@x · owner ann@x', or 'by ann@x' for the owner's own version.
 */
export const versionPeople = (entry: Pick<VersionEntry, 'user' | 'author'>): string => {
  if (entry.author === undefined) return entry.user.email;
  const author = entry.author?.email ?? HISTORY_LABELS.deletedAuthor;
  return entry.author?.id === entry.user.id
    ? HISTORY_LABELS.madeBy(author)
    : `${HISTORY_LABELS.madeBy(author)} · ${HISTORY_LABELS.ownedBy(entry.user.email)}`;
};

/** 'Minor (1.2.0)': a bump with the number it gives. */
export const bumpLabel = (bump: string, version: string) =>
  `${bump.charAt(0).toUpperCase()}${bump.slice(1)} (${version})`;
