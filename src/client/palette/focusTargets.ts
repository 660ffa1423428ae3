import { focusOn } from '@client/components/useFocusRequest';
import { type RefObject, useEffect } from 'react';

/**
 * Named places a command or shortcut can put the focus on, e.g. 'search' (the screen's search
 * box, for `/`) or 'change-password' (the profile's form, for the palette command). A screen
 * registers its element while mounted; a request made before the screen has mounted (navigate,
 * then focus) waits briefly and is served when it registers.
 */

const targets = new Map<string, HTMLElement[]>();
let pending: { name: string; until: number } | null = null;
const PENDING_MS = 5000;

/** Focuses the most recently registered element of that name; false if there is none. */
export const focusTarget = (name: string): boolean => {
  const element = targets.get(name)?.at(-1);
  if (!element) return false;
  focusOn(element, { select: true });
  return true;
};

/** Focuses it now, or as soon as a screen registers it (within a few seconds). */
export const requestFocus = (name: string): void => {
  pending = focusTarget(name) ? null : { name, until: Date.now() + PENDING_MS };
};

/** Registers the element while mounted and `ready` (a button registers once it is enabled). */
export function useFocusTarget(name: string, ref: RefObject<HTMLElement | null>, ready = true): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || !ready) return;
    targets.set(name, [...(targets.get(name) ?? []), element]);
    if (pending?.name === name) {
      if (pending.until >= Date.now()) focusTarget(name);
      pending = null;
    }
    return () => {
      const rest = (targets.get(name) ?? []).filter((el) => el !== element);
      if (rest.length > 0) targets.set(name, rest);
      else targets.delete(name);
    };
  }, [name, ref, ready]);
}

/** Registers the screen's search box: `/` focuses it. */
export const SEARCH_TARGET = 'search';
export const useSearchBox = (ref: RefObject<HTMLElement | null>): void => useFocusTarget(SEARCH_TARGET, ref);

/** A LEIA list's first row (newest first): where the wizard's Finish lands, on My LEIAs. */
export const LEIA_LIST_TARGET = 'leia-list';

/**
 * The control a chat was opened from (the wizard's Try): 'Finish Conversation' returns the focus
 * to it, as it returns the user to its screen.
 */
export const CHAT_ORIGIN_TARGET = 'chat-origin';

/** An activity's card on My Activities (its chevron): where a chat recording its transcription returns. */
export const activityTarget = (activityId: string) => `activity:${activityId}`;
