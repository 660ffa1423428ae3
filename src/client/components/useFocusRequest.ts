import { type RefObject, useEffect } from 'react';

/**
 * Whether the keyboard focus is nowhere useful: on the page itself, or on an element that has
 * gone or been disabled (the button just pressed), where the next keystroke would be lost.
 */
export const focusIsLost = (): boolean => {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  return active instanceof HTMLElement && active.matches(':disabled');
};

/**
 * Puts the focus where a machine says the next keystroke belongs (the field an error is about),
 * once the view has rendered that state: a field disabled while saving can only take the focus
 * after it is enabled again. A machine asks by assigning a new `{ field }` object; with
 * `ifLost: true` only when the focus is lost (focusIsLost), so an asynchronous outcome never
 * takes it from where the user has put it meanwhile.
 */
export function useFocusRequest<F extends string>(
  request: { field: F; ifLost?: boolean } | null,
  refs: Record<F, RefObject<HTMLElement | null>>,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable; only a new request moves the focus
  useEffect(() => {
    if (!request) return;
    if (request.ifLost && !focusIsLost()) return;
    const element = refs[request.field].current;
    element?.focus();
    if (element instanceof HTMLInputElement) element.select();
  }, [request]);
}
