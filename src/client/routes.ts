/**
 * Every path the app routes, in one place: the route table (App.tsx), the menu, links, redirects
 * and the HTTP client's 401/403 rules all read them from here.
 */
export const ROUTES = {
  search: '/',
  login: '/login',
  forbidden: '/forbidden',
  profile: '/profile',
  design: '/create',
  myLeias: '/leias',
  chat: '/chat/:sessionId',
  activities: '/users/me/activities',
  users: '/administration/users',
  admin: '/admin',
} as const;

/** The chat screen of one session. */
export const chatPath = (sessionId: string): string => `/chat/${encodeURIComponent(sessionId)}`;
