import type { SessionUser } from '@machines/auth';
import type { Actor } from '@shared/permissions';
import type { Role } from '@shared/roles';
import { createContext, useContext } from 'react';

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

export const AuthContext = createContext<AuthContextValue | null>(null);

export const useAuth = (): AuthContextValue => {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
};

/** The user as the permission predicates of src/shared/permissions.ts see it. */
export const actorOf = (user: SessionUser | null): Actor | null =>
  user ? { id: user.id, role: user.role as Role } : null;
