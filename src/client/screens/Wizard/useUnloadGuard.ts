import { useEffect, useRef } from 'react';

/**
 * Asks the browser to confirm closing or reloading the tab, or leaving for another site, while
 * `hasWork()` holds: session storage belongs to the tab, so a closed tab loses the design kept
 * there. The browser shows its own question; pages may no longer set its text.
 */
export function useUnloadGuard(hasWork: () => boolean): void {
  const latest = useRef(hasWork);
  latest.current = hasWork;
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      event.preventDefault();
      // Browsers before the standard (Chrome < 119) ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
