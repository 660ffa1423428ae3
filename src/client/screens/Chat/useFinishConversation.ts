import { ROUTES } from '@client/routes';
import type { ChatNavigationState } from '@client/runner/navigation';
import { useCallback } from 'react';
import { useLocation } from 'wouter';

/**
 * 'Finish Conversation': back to the design wizard with its saved state when the
 * chat was opened from there; otherwise back one page; with no page to go back to (the chat was
 * opened in a new tab or from a bookmark), to Search.
 */
export function useFinishConversation({ wizardState }: ChatNavigationState) {
  const [, navigate] = useLocation();
  return useCallback(() => {
    if (wizardState !== undefined) navigate(ROUTES.design, { state: { wizardState } });
    else if (window.history.length > 1) window.history.back();
    else navigate(ROUTES.search);
  }, [navigate, wizardState]);
}
