import { DENSITY_KEY } from './density';

/**
 * What the product keeps in the browser for the signed-in user lives under keys that start with
 * `leia:` (the current chat, a design in progress), in local or session storage. Ending a session
 * forgets all of it, so the next person at a shared classroom computer finds nothing of the last
 * one. Per-browser preferences (the theme, list density) are kept: they are listed here.
 */
export const USER_DATA_PREFIX = 'leia:';
const BROWSER_PREFERENCES = new Set<string>([DENSITY_KEY]);

const userKeys = (store: Storage): string[] =>
  Array.from({ length: store.length }, (_, index) => store.key(index)).filter(
    (key): key is string => key?.startsWith(USER_DATA_PREFIX) === true && !BROWSER_PREFERENCES.has(key),
  );

/** Removes everything stored for the user; storage that cannot be used is simply skipped. */
export function forgetUserData(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      const store = globalThis[name];
      if (!store) continue;
      for (const key of userKeys(store)) store.removeItem(key);
    } catch {
      // Storage refused (private mode, a sandboxed frame): nothing was kept there either.
    }
  }
}
