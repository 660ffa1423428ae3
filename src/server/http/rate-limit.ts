import type { RateLimitName } from '@shared/rate-limits';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimits } from '../services/rate-limits';

/**
 * Who a fair-use limit counts, read from a request: the signed-in account (after the area's auth
 * hook), or the client address (as LEIA_TRUST_PROXY lets Fastify read it).
 */
export type LimitKey = (request: FastifyRequest) => string;

export const perAccount: LimitKey = (request) => `account:${request.userId}`;
export const perAddress: LimitKey = (request) => `address:${request.ip}`;
/** The class student the cookie names (after the student routes' hook). */
export const perStudent: LimitKey = (request) => `student:${request.classStudent?.id}`;

/** Whom each limit counts. A new limit is a line here, one in config.ts and one on its route. */
export const LIMIT_KEYS: Record<Exclude<RateLimitName, 'loginFailures'>, LimitKey> = {
  chatSessions: perAccount,
  chatReplies: perAccount,
  transcriptions: perAccount,
  evaluations: perAccount,
  leakChecks: perAccount,
  classJoins: perAddress,
  classMessages: perStudent,
};

/**
 * A route's preHandler (after its auth hook and body validation, so only well-formed calls count):
 * one use of `limit` by whom LIMIT_KEYS names, or a 429 with Retry-After.
 */
export const limitedBy =
  (limits: RateLimits, limit: keyof typeof LIMIT_KEYS): preHandlerAsyncHookHandler =>
  async (request) => {
    await limits.take(limit, LIMIT_KEYS[limit](request));
  };
