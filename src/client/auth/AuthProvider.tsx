import { authMachine } from '@machines/auth';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { fromCallback, fromPromise } from 'xstate';
import { onUnauthorized } from '../api/client';
import { withFailure } from '../api/errors';
import { TOKEN_KEY, tokenStorage } from '../api/token';
import { me } from '../api/users';
import { ROUTES } from '../routes';
import { forgetUserData } from '../userStorage';
import { AuthActor, loginEvent } from './actor';
import { readClaims } from './claims';

/** The auth machine wired once to local storage, jwt-decode, the API and the router. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    authMachine.provide({
      actors: {
        readToken: fromPromise(async () => {
          const token = tokenStorage.get();
          return token ? { token, claims: readClaims(token) } : null;
        }),
        // The machine handles this call's 401 itself (session ends), so the global rule is off.
        fetchMe: fromPromise(({ signal }) => withFailure(me({ handleAuthErrors: false, signal }))),
        sessionEvents: fromCallback(({ sendBack }) => {
          const stop = onUnauthorized(() => sendBack({ type: 'auth.sessionEnded' }));
          // Another tab logged out or in: follow it (storage events only fire in the other tabs).
          const onStorage = (event: StorageEvent) => {
            if (event.key !== TOKEN_KEY && event.key !== null) return;
            const token = tokenStorage.get();
            sendBack(token ? loginEvent(token) : { type: 'auth.sessionEnded' });
          };
          window.addEventListener('storage', onStorage);
          return () => {
            stop();
            window.removeEventListener('storage', onStorage);
          };
        }),
      },
      actions: {
        storeToken: (_, { token }) => tokenStorage.set(token),
        // The session ends: its token, and what was kept for its user (chat, a design in progress).
        removeToken: () => {
          tokenStorage.remove();
          forgetUserData();
        },
        navigateToLogin: () => navigate(ROUTES.login),
      },
    }),
  );
  return <AuthActor.Provider logic={logic}>{children}</AuthActor.Provider>;
}
