import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const RELOADED_KEY = 'leia:chunk-reload';

/**
 * React.lazy for a route's screen. A screen chunk that fails to load (typically: a new
 * deployment replaced it) reloads the page once; a second failure in a
 * row is thrown to the error boundary instead of looping.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    try {
      const module = await load();
      sessionStorage.removeItem(RELOADED_KEY);
      return module;
    } catch (error) {
      if (sessionStorage.getItem(RELOADED_KEY)) throw error;
      sessionStorage.setItem(RELOADED_KEY, '1');
      window.location.reload();
      return new Promise<never>(() => {});
    }
  });
}
