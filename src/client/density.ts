import { useSyncExternalStore } from 'react';

/**
 * How tightly the result lists are laid out: comfortable (two lines of description, the owner on
 * its own line) or compact (one line each, about twice as many rows on a screen). A per-browser
 * preference, kept across sessions (userStorage.ts keeps it at logout).
 */
export type Density = 'comfortable' | 'compact';
export const DENSITY_KEY = 'leia:density';
const CHANGE = 'leia:densitychange';

export const currentDensity = (): Density => {
  try {
    return globalThis.localStorage?.getItem(DENSITY_KEY) === 'compact' ? 'compact' : 'comfortable';
  } catch {
    return 'comfortable';
  }
};

export const setDensity = (density: Density): void => {
  try {
    globalThis.localStorage?.setItem(DENSITY_KEY, density);
  } catch {
    // Not kept; still applied until the page is left.
  }
  window.dispatchEvent(new Event(CHANGE));
};

const subscribe = (onChange: () => void) => {
  window.addEventListener(CHANGE, onChange);
  return () => window.removeEventListener(CHANGE, onChange);
};

export const useDensity = (): Density => useSyncExternalStore(subscribe, currentDensity, () => 'comfortable');
