import { isAuthLoading, type SessionUser } from '@machines/auth';
import type { Actor } from '@shared/permissions';
import type { Role } from '@shared/roles';
import { useSelector } from '@xstate/react';
import { useContext, useMemo } from 'react';
import { AuthActor, InsideAuth, loginEvent } from './actor';

export interface AuthContextValue {
  token: string | null;
  user: SessionUser | null;
  /** True only when both a token and a user exist. */
  isAuthenticated: boolean;
  /** True until the stored token has been read (the session is not known yet). */
  isLoading: boolean;
  /** Stores a token from the login call and starts the session with its user. */
  login: (token: string) => void;
  /** Removes the token, clears the session and goes to /login. */
  logout: () => void;
  /** Replaces the session's user (e.g. after an email change). */
  updateUser: (user: SessionUser) => void;
}

/** The auth actor, with a message that names the provider it needs. */
const useAuthActor = () => {
  if (!useContext(InsideAuth)) throw new Error('useAuth must be used within an AuthProvider');
  return AuthActor.useActorRef();
};

/** The session as views read it: a few selectors and senders over the auth actor. */
export const useAuth = (): AuthContextValue => {
  const actor = useAuthActor();
  const token = useSelector(actor, (s) => s.context.token);
  const user = useSelector(actor, (s) => s.context.user);
  const isLoading = useSelector(actor, isAuthLoading);
  return useMemo(
    () => ({
      token,
      user,
      isAuthenticated: token !== null && user !== null,
      isLoading,
      login: (next: string) => actor.send(loginEvent(next)),
      logout: () => actor.send({ type: 'auth.logout' }),
      updateUser: (next: SessionUser) => actor.send({ type: 'auth.userUpdated', user: next }),
    }),
    [actor, token, user, isLoading],
  );
};

/** The user as the permission predicates of src/shared/permissions.ts see it. */
export const actorOf = (user: SessionUser | null): Actor | null =>
  user ? { id: user.id, role: user.role as Role } : null;
