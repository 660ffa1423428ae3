import { activityTarget, CHAT_ORIGIN_TARGET, requestFocus, SEARCH_TARGET } from '@client/palette';
import { ROUTES } from '@client/routes';
import type { ChatNavigationState } from '@client/runner/navigation';
import { useCallback } from 'react';
import { useLocation } from 'wouter';

/**
 * 'Finish Conversation': back to the design wizard with its saved state when the
 * chat was opened from there; otherwise back one page; with no page to go back to (the chat was
 * opened in a new tab or from a bookmark), to Search. The focus follows: to the wizard's Try, to the
 * card of the activity whose transcription was being recorded, or to the search box of the page
 * gone back to (Search, My LEIAs), once that screen has mounted.
 */
export function useFinishConversation({ wizardState, experimentId }: ChatNavigationState) {
  const [, navigate] = useLocation();
  return useCallback(() => {
    if (wizardState !== undefined) {
      navigate(ROUTES.design, { state: { wizardState } });
      requestFocus(CHAT_ORIGIN_TARGET);
      return;
    }
    if (window.history.length > 1) window.history.back();
    else navigate(ROUTES.search);
    requestFocus(experimentId ? activityTarget(experimentId) : SEARCH_TARGET);
  }, [navigate, wizardState, experimentId]);
}
