import {
  changePasswordBodySchema,
  createUserBodySchema,
  type LoginBody,
  loginBodySchema,
  updateProfileBodySchema,
  updateUserBodySchema,
} from '@shared/schemas/users';
import { z } from 'zod';
import { actorOf } from '../auth/hooks';
import type { App, AppContext } from '../context';
import { HttpError, unauthorized } from '../errors';
import { USER_MESSAGES } from '../services/users';

const idParams = z.object({ id: z.string() });

export function registerUserRoutes(app: App, ctx: AppContext): void {
  const { users } = ctx.services;
  const { requireUser, requireAdmin } = ctx.auth;

  // Only failed attempts count towards the limits, so a class signing in together is never blocked.
  // Per client address, and per account, so that rotating addresses does not help either.
  const limit = { max: ctx.config.loginMaxFailures, timeWindow: ctx.config.loginFailureWindowMs };
  const failuresByAddress = app.createRateLimit(limit);
  const failuresByAccount = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `account:${(request.body as LoginBody).email.toLowerCase()}`,
  });

  app.post('/api/v1/users/login', { schema: { body: loginBodySchema, tags: ['users'] } }, async (request) => {
    for (const failures of [failuresByAddress, failuresByAccount]) {
      const status = await failures(request, { increment: false });
      // A peek does not count this request, so `remaining === 0` means the allowance is used up.
      if (!status.isAllowed && status.remaining === 0) {
        const minutes = Math.max(1, Math.ceil(status.ttl / 60_000));
        throw new HttpError(429, USER_MESSAGES.tooManyLogins(minutes));
      }
    }
    const result = await users.login(request.body.email, request.body.password);
    if (!result) {
      await Promise.all([failuresByAddress(request), failuresByAccount(request)]);
      throw unauthorized(USER_MESSAGES.invalidLogin);
    }
    return result;
  });

  app.get('/api/v1/users/me', { onRequest: requireUser, schema: { tags: ['users'] } }, (request) =>
    users.me(actorOf(request)),
  );

  app.put(
    '/api/v1/users/profile/update',
    { onRequest: requireUser, schema: { body: updateProfileBodySchema, tags: ['users'] } },
    (request) => users.updateProfile(actorOf(request), request.body.email),
  );

  app.put(
    '/api/v1/users/profile/change-password',
    { onRequest: requireUser, schema: { body: changePasswordBodySchema, tags: ['users'] } },
    async (request) => {
      await users.changePassword(actorOf(request), request.body.currentPassword, request.body.newPassword);
      return { message: USER_MESSAGES.passwordChanged };
    },
  );

  app.get('/api/v1/users', { onRequest: requireAdmin, schema: { tags: ['users'] } }, () => users.list());

  app.post(
    '/api/v1/users',
    { onRequest: requireAdmin, schema: { body: createUserBodySchema, tags: ['users'] } },
    async (request, reply) => reply.code(201).send(await users.create(request.body)),
  );

  app.put(
    '/api/v1/users/:id',
    { onRequest: requireAdmin, schema: { params: idParams, body: updateUserBodySchema, tags: ['users'] } },
    (request) => users.update(request.params.id, request.body),
  );

  app.delete(
    '/api/v1/users/:id',
    { onRequest: requireAdmin, schema: { params: idParams, tags: ['users'] } },
    async (request, reply) => {
      await users.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
