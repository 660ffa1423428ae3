export { AuthProvider, type AuthProviderProps } from './AuthProvider';
export { type AuthContextValue, actorOf, useAuth } from './context';
export { AdminRoute, ProtectedRoute } from './guards';
