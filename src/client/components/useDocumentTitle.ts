import { useEffect } from 'react';

export const APP_TITLE = 'LEIA Designer';

/** The browser tab's title names the screen: 'Search · LEIA Designer'. */
export const documentTitle = (screen: string): string => (screen ? `${screen} · ${APP_TITLE}` : APP_TITLE);

/** Titles the tab after the screen while it is shown (Page does it for every screen it frames). */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = documentTitle(screen);
  }, [screen]);
}
