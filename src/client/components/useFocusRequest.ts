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
 * The one way the app moves the keyboard focus (after an action, in a composite widget, into or
 * out of a dialog): on `element` if there is one; with `ifLost`, only when the focus is lost; with
 * `select`, a text field's content is selected, so typing replaces it.
 */
export function focusOn(
  element: HTMLElement | null | undefined,
  { ifLost = false, select = false }: { ifLost?: boolean; select?: boolean } = {},
): void {
  if (!element || (ifLost && !focusIsLost())) return;
  element.focus();
  if (select && element instanceof HTMLInputElement) element.select();
}

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
    if (request) focusOn(refs[request.field].current, { ifLost: request.ifLost, select: true });
  }, [request]);
}
