import type { LeiaListItem } from '@client/api/leias';

/**
 * A LEIA to show in the View modal of the next LEIA list screen that mounts: the app-wide
 * 'Open LEIA...' (shell/LeiaCommands.tsx) asks for it, then goes to Search, which opens it. A
 * request older than a few seconds is dropped, so a later visit to Search never opens it.
 */
let requested: { leia: LeiaListItem; until: number } | null = null;
const REQUEST_MS = 5000;

export const requestView = (leia: LeiaListItem): void => {
  requested = { leia, until: Date.now() + REQUEST_MS };
};

/** The requested LEIA, once; null when none is waiting. */
export const takeRequestedView = (): LeiaListItem | null => {
  const leia = requested && requested.until >= Date.now() ? requested.leia : null;
  requested = null;
  return leia;
};
