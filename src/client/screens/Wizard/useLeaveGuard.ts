import { useEffect, useRef } from 'react';

/**
 * Asks before an in-app navigation leaves the screen: while mounted, a pushState or replaceState
 * to another path (links, the menu, the palette, `navigate`) for which `shouldAsk` holds is held
 * back and handed to `ask` instead; `leaveNow` then carries it out. The browser's own Back is not
 * held (the design is kept in session storage, so it loses nothing); closing the tab is asked
 * about by useUnloadGuard.
 */
export interface HeldNavigation {
  to: string;
  state: unknown;
  replace: boolean;
}

let passing = false;

/** Runs `go` (a navigation) without asking: the user has answered. */
export const leaveNow = (go: () => void): void => {
  passing = true;
  try {
    go();
  } finally {
    passing = false;
  }
};

export function useLeaveGuard(
  shouldAsk: (to: URL, state: unknown) => boolean,
  ask: (held: HeldNavigation) => void,
): void {
  const latest = useRef({ shouldAsk, ask });
  latest.current = { shouldAsk, ask };
  useEffect(() => {
    const original = { pushState: history.pushState, replaceState: history.replaceState };
    const hold = (method: 'pushState' | 'replaceState') =>
      function (this: History, state: unknown, unused: string, url?: string | URL | null) {
        if (!passing && url != null) {
          const to = new URL(String(url), window.location.href);
          if (to.pathname !== window.location.pathname && latest.current.shouldAsk(to, state)) {
            latest.current.ask({
              to: `${to.pathname}${to.search}${to.hash}`,
              state,
              replace: method === 'replaceState',
            });
            return;
          }
        }
        original[method].call(this, state, unused, url);
      };
    history.pushState = hold('pushState');
    history.replaceState = hold('replaceState');
    return () => {
      history.pushState = original.pushState;
      history.replaceState = original.replaceState;
    };
  }, []);
}
