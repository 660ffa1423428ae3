import { canAdminister } from '@shared/permissions';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { ROUTES } from '../routes';
import { actorOf, useAuth } from './context';

/** A signed-in route: 'Loading...' while the session loads, else /login when anonymous. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <AuthLoading />;
  if (!isAuthenticated) return <Redirect to={ROUTES.login} replace />;
  return <>{children}</>;
}

/** As ProtectedRoute, and signed-in non-admins go to /forbidden. */
export function AdminRoute({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated, user } = useAuth();
  if (isLoading) return <AuthLoading />;
  if (!isAuthenticated) return <Redirect to={ROUTES.login} replace />;
  if (!canAdminister(actorOf(user))) return <Redirect to={ROUTES.forbidden} replace />;
  return <>{children}</>;
}

function AuthLoading() {
  return (
    <p className="auth-loading" role="status">
      Loading...
    </p>
  );
}
