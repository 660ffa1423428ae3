export { AuthProvider } from './AuthProvider';
export { AuthActor, loginEvent } from './actor';
export { type AuthContextValue, actorOf, useAuth } from './context';
export { AdminRoute, ProtectedRoute } from './guards';
