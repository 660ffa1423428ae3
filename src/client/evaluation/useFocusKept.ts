import { focusOn } from '@client/components';
import { useEffect, useRef } from 'react';

/**
 * For a dialog whose stages replace its buttons (Start becomes Cancel, Retry becomes a spinner):
 * when the focused control went with the old stage, the dialog takes the focus, so that Escape
 * and Tab keep working, rather than the page behind it. Put the returned ref on an element inside
 * the dialog; `stage` is what changes.
 */
export function useFocusKept(stage: unknown) {
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (stage !== undefined && (!active || active === document.body)) {
      focusOn(anchor.current?.closest('dialog'));
    }
  }, [stage]);
  return anchor;
}
