import { type AuthMachine, authMachine, type SessionUser } from '@machines/auth';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { fromCallback, fromPromise } from 'xstate';
import { onUnauthorized } from '../api/client';
import { withFailure } from '../api/errors';
import { TOKEN_KEY, tokenStorage } from '../api/token';
import { me } from '../api/users';
import { ROUTES } from '../routes';
import { readClaims } from './claims';
import { AuthContext, type AuthContextValue } from './context';

/** The auth machine wired to local storage, jwt-decode, the API and the browser location. */
export const appAuthMachine = authMachine.provide({
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
        if (token) sendBack({ type: 'auth.login', token, claims: readClaims(token) });
        else sendBack({ type: 'auth.sessionEnded' });
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
    removeToken: () => tokenStorage.remove(),
    navigateToLogin: () => navigate(ROUTES.login),
  },
});

export interface AuthProviderProps {
  children: ReactNode;
  /** Tests pass the machine with fake actors; the app uses the default. */
  logic?: AuthMachine;
}

export function AuthProvider({ children, logic = appAuthMachine }: AuthProviderProps) {
  const actor = useActorRef(logic);
  const token = useSelector(actor, (s) => s.context.token);
  const user = useSelector(actor, (s) => s.context.user);
  const isLoading = useSelector(actor, (s) => s.matches('Loading'));

  const value = useMemo<AuthContextValue>(
    () => ({
      token,
      user,
      isAuthenticated: token !== null && user !== null,
      isLoading,
      login: (next: string) => actor.send({ type: 'auth.login', token: next, claims: readClaims(next) }),
      logout: () => actor.send({ type: 'auth.logout' }),
      updateUser: (next: SessionUser) => actor.send({ type: 'auth.userUpdated', user: next }),
    }),
    [actor, token, user, isLoading],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
