import { isAdmin } from '@shared/permissions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { listGeneration, users } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import { type SignedInUser, UUID } from '../services/actor';
import type { TokenService } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded from the database on every request (null before requireUser). */
    actor: SignedInUser | null;
    /** The user a valid token names (set by requireUser and identifyUser). */
    userId: string | null;
    /**
     * The lists' generation (schema.ts listGeneration) as the database had it when requireUser
     * read the caller: read in the same statement, so a cached search costs no query of its own.
     */
    listsGeneration: number | null;
  }
}

export interface AuthHooks {
  requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * For routes whose every query is scoped to rows the caller owns and that go with the account
   * (a chat session's messages): the token names the user, and finding their row proves the
   * account still exists, so the user is not read separately. When such a route finds nothing it
   * calls `ensureStillExists`, so a deleted account is still a 401, never a 404.
   */
  identifyUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  ensureStillExists(userId: string): Promise<void>;
}

/**
 * onRequest hooks. The token only proves who the caller is; whether they still exist and what
 * role they have comes from the database each time, so a deleted user or a demoted admin loses
 * access at once, on every server process.
 */
export function createAuthHooks(db: Db, tokens: TokenService): AuthHooks {
  const findUser = db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      listsGeneration: sql<
        string | number
      >`(select ${listGeneration.value} from ${listGeneration} where ${listGeneration.id} = 1)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_find_user');

  async function identifyUser(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized('Authentication required');
    const claims = await tokens.verify(token);
    if (!claims || !UUID.test(claims.sub))
      throw unauthorized('Your session has expired, please log in again');
    request.userId = claims.sub;
  }

  async function requireUser(request: FastifyRequest): Promise<void> {
    await identifyUser(request);
    const [found] = await findUser.execute({ id: request.userId });
    if (!found) throw unauthorized('Your account no longer exists');
    const { listsGeneration, ...user } = found;
    request.actor = user;
    request.listsGeneration = Number(listsGeneration);
  }

  return {
    requireUser,
    identifyUser,
    async ensureStillExists(userId) {
      const [user] = await findUser.execute({ id: userId });
      if (!user) throw unauthorized('Your account no longer exists');
    },
    async requireAdmin(request) {
      await requireUser(request);
      if (!isAdmin(request.actor)) throw forbidden('Administrator access required');
    },
  };
}

/** The user of a route behind identifyUser (or requireUser). */
export function userIdOf(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized();
  return request.userId;
}

/** The actor of a route behind requireUser. */
export function actorOf(request: FastifyRequest): SignedInUser {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
