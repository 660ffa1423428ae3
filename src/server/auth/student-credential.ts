import { STUDENT_COOKIE, STUDENT_PATHS } from '@shared/schemas/class-sessions';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The credential of a class-session student (no account) on the wire: a random token
 * (services/class-credentials.ts) in an httpOnly cookie scoped to the student API.
 */

/** The student the cookie names, set by the student routes' hook. */
export interface ClassStudentRef {
  id: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    classStudent: ClassStudentRef | null;
  }
}

const COOKIE_PATH = STUDENT_PATHS.me.slice(0, STUDENT_PATHS.me.lastIndexOf('/'));

/** The cookie's token, if the request carries one (no cookie plugin: one name to read). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === STUDENT_COOKIE) {
      const value = part.slice(at + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * Sets the credential: httpOnly (no script reads it), SameSite=Strict (no other site sends it),
 * Secure when the request came over https, scoped to /api/v1/student. It lasts a week: longer than
 * any session, and the server refuses what an ended session may not do anyway.
 */
export function setStudentCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${STUDENT_COOKIE}=${token}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=${7 * 86_400}${secure}`,
  );
}
