import {
  changePasswordBodySchema,
  createUserBodySchema,
  type LoginBody,
  loginBodySchema,
  messageResponseSchema,
  tokenResponseSchema,
  updateProfileBodySchema,
  updateUserBodySchema,
  userListItemSchema,
  userSchema,
} from '@shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/hooks';
import { tooManyAttempts, unauthorized } from '../errors';
import { idParams, noContent, replies } from '../http/replies';
import { USER_MESSAGES } from '../services/users';

const tags = ['users'];
const loginSchema = {
  body: loginBodySchema,
  response: replies({ 200: tokenResponseSchema }),
  tags,
  description:
    'The token is an HS256 JWT whose payload is {id, sub, email, role, iat, exp}: `id` and `sub` are both ' +
    "the user's id (`id` for clients that read it under that name); `exp` ends the session (LEIA_TOKEN_TTL).",
};

/** /api/v1/users: login for anyone, the caller's own account, and the admin's user management. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.ctx.services;
  const { requireUser, requireAdmin } = app.ctx.auth;

  // Only failed attempts count towards the limits, so a class signing in together is never blocked.
  // Per client address, and per account, so that rotating addresses does not help either.
  const limit = { max: app.ctx.config.loginMaxFailures, timeWindow: app.ctx.config.loginFailureWindowMs };
  const failuresByAddress = app.createRateLimit(limit);
  const failuresByAccount = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `account:${(request.body as LoginBody).email.toLowerCase()}`,
  });

  app.post('/login', { schema: loginSchema }, async (request) => {
    for (const failures of [failuresByAddress, failuresByAccount]) {
      const status = await failures(request, { increment: false });
      // A peek does not count this request, so `remaining === 0` means the allowance is used up.
      if (!status.isAllowed && status.remaining === 0) {
        const minutes = Math.max(1, Math.ceil(status.ttl / 60_000));
        throw tooManyAttempts(USER_MESSAGES.tooManyLogins(minutes));
      }
    }
    const result = await users.login(request.body.email, request.body.password);
    if (!result) {
      await Promise.all([failuresByAddress(request), failuresByAccount(request)]);
      throw unauthorized(USER_MESSAGES.invalidLogin);
    }
    return result;
  });

  const ownAccount: FastifyPluginAsyncZod = async (own) => {
    own.addHook('onRequest', requireUser);

    own.get('/me', { schema: { response: replies({ 200: userSchema }), tags } }, (request) =>
      users.me(actorOf(request)),
    );

    own.put(
      '/profile/update',
      { schema: { body: updateProfileBodySchema, response: replies({ 200: userSchema }), tags } },
      (request) => users.updateProfile(actorOf(request), request.body.email),
    );

    own.put(
      '/profile/change-password',
      { schema: { body: changePasswordBodySchema, response: replies({ 200: messageResponseSchema }), tags } },
      async (request) => {
        await users.changePassword(actorOf(request), request.body.currentPassword, request.body.newPassword);
        return { message: USER_MESSAGES.passwordChanged };
      },
    );
  };

  const userManagement: FastifyPluginAsyncZod = async (admin) => {
    admin.addHook('onRequest', requireAdmin);

    admin.get('', { schema: { response: replies({ 200: z.array(userListItemSchema) }), tags } }, () =>
      users.list(),
    );

    admin.post(
      '',
      { schema: { body: createUserBodySchema, response: replies({ 201: userSchema }), tags } },
      async (request, reply) => reply.code(201).send(await users.create(request.body)),
    );

    admin.put(
      '/:id',
      {
        schema: {
          params: idParams,
          body: updateUserBodySchema,
          response: replies({ 200: userSchema }),
          tags,
        },
      },
      (request) => users.update(request.params.id, request.body),
    );

    admin.delete(
      '/:id',
      { schema: { params: idParams, response: replies({ 204: noContent }), tags } },
      async (request, reply) => {
        await users.remove(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };

  await app.register(ownAccount);
  await app.register(userManagement);
};
