/**
 * The session token in local storage, under the key `token`. The only module that touches
 * that key; storage can be unavailable (privacy modes), so every access is guarded.
 */
export const TOKEN_KEY = 'token';

export const tokenStorage = {
  get(): string | null {
    try {
      return globalThis.localStorage?.getItem(TOKEN_KEY) ?? null;
    } catch {
      return null;
    }
  },
  set(token: string): void {
    try {
      globalThis.localStorage?.setItem(TOKEN_KEY, token);
    } catch {
      // Storage refused (quota, privacy mode): the session lasts as long as the page.
    }
  },
  remove(): void {
    try {
      globalThis.localStorage?.removeItem(TOKEN_KEY);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
};
