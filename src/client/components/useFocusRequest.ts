import { type RefObject, useEffect } from 'react';

/**
 * Puts the focus where a machine says the next keystroke belongs (the field an error is about),
 * once the view has rendered that state: a field disabled while saving can only take the focus
 * after it is enabled again. A machine asks by assigning a new `{ field }` object.
 */
export function useFocusRequest<F extends string>(
  request: { field: F } | null,
  refs: Record<F, RefObject<HTMLElement | null>>,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable; only a new request moves the focus
  useEffect(() => {
    if (!request) return;
    const element = refs[request.field].current;
    element?.focus();
    if (element instanceof HTMLInputElement) element.select();
  }, [request]);
}
