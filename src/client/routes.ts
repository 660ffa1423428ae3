import { RESUME_PAGE_PATH } from '@shared/class-sessions';

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
  /** A class session's live view (the instructor). */
  classSession: '/class-sessions/:sessionId',
  /** A class session's report (the instructor). */
  classReport: '/class-sessions/:sessionId/report',
  /** The student's pages (no account): the join form, by a join link too, and the resume link's. */
  join: '/join/:code?',
  resume: RESUME_PAGE_PATH,
} as const;

/** The chat screen of one session. */
export const chatPath = (sessionId: string): string => `/chat/${encodeURIComponent(sessionId)}`;

/** The live view of one class session. */
export const classSessionPath = (sessionId: string): string =>
  `/class-sessions/${encodeURIComponent(sessionId)}`;

/** The report of one class session. */
export const classReportPath = (sessionId: string): string => `${classSessionPath(sessionId)}/report`;
