import { useEffect, useRef } from 'react';

/**
 * Esc stops the reply being generated, wherever the focus is on the page (also in the message
 * box, where the palette's single-key shortcuts never fire). An Escape meant for an open dialog
 * (the palette, a modal) is left to it.
 */
export function useEscapeToStop(active: boolean, stop: () => void) {
  const latest = useRef(stop);
  latest.current = stop;
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active]);
}
