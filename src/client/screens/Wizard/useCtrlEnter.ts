import { useEffect, useRef } from 'react';

/**
 * Ctrl+Enter (Cmd+Enter on macOS) anywhere on the screen, fields included, runs `handler`; not
 * while a dialog (an editor, the palette) is open: those have their own keys.
 */
export function useCtrlEnter(handler: () => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey)
        return;
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
