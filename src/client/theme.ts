import { useSyncExternalStore } from 'react';

/**
 * Light/dark theme. Without a choice the OS preference applies (tokens.css, light-dark());
 * a choice is stored and set as <html data-theme>.
 */
export type Theme = 'light' | 'dark';

const KEY = 'theme';
const CHANGE = 'leia:themechange';
const darkQuery = () => globalThis.matchMedia?.('(prefers-color-scheme: dark)');

const stored = (): Theme | null => {
  try {
    const value = globalThis.localStorage?.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
};

/** The theme in effect now. */
export const currentTheme = (): Theme => stored() ?? (darkQuery()?.matches ? 'dark' : 'light');

/** Applies the stored choice; call once before the first render to avoid a flash. */
export const applyStoredTheme = (): void => {
  const theme = stored();
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
};

export const setTheme = (theme: Theme): void => {
  try {
    globalThis.localStorage?.setItem(KEY, theme);
  } catch {
    // Not persisted; still applied for this page.
  }
  document.documentElement.dataset.theme = theme;
  window.dispatchEvent(new Event(CHANGE));
};

export const toggleTheme = (): void => setTheme(currentTheme() === 'dark' ? 'light' : 'dark');

const subscribe = (onChange: () => void) => {
  const query = darkQuery();
  window.addEventListener(CHANGE, onChange);
  query?.addEventListener?.('change', onChange);
  return () => {
    window.removeEventListener(CHANGE, onChange);
    query?.removeEventListener?.('change', onChange);
  };
};

export const useTheme = (): Theme => useSyncExternalStore(subscribe, currentTheme, () => 'light');
