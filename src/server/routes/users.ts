import {
  changePasswordBodySchema,
  createUserBodySchema,
  type LoginBody,
  loginBodySchema,
  messageResponseSchema,
  tokenResponseSchema,
  USER_TEXTS,
  updateProfileBodySchema,
  updateUserBodySchema,
  userListItemSchema,
  userSchema,
} from '@shared/schemas/users';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/hooks';
import type { App } from '../context';
import { unauthorized } from '../errors';
import { perAddress } from '../http/rate-limit';
import { idParams, noContent, replies } from '../http/replies';

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
  loginRoute(app);
  await app.register(ownAccount);
  await app.register(userManagement);
};

/** Login, for anyone; failed attempts are limited. */
function loginRoute(app: App): void {
  const { users } = app.ctx.services;
  const { limits } = app.ctx;

  // Only failed attempts count towards the limits, so a class signing in together is never blocked.
  // Per client address, and per account, so that rotating addresses does not help either.
  const whoTries = (request: FastifyRequest<{ Body: LoginBody }>) => [
    perAddress(request),
    `email:${request.body.email.toLowerCase()}`,
  ];

  app.post('/login', { schema: loginSchema }, async (request) => {
    const keys = whoTries(request);
    for (const key of keys) await limits.ensureLeft('loginFailures', key);
    const result = await users.login(request.body.email, request.body.password);
    if (!result) {
      await Promise.all(keys.map((key) => limits.count('loginFailures', key)));
      throw unauthorized(USER_TEXTS.invalidLogin);
    }
    return result;
  });
}

/** The caller's own account: any signed-in user. */
const ownAccount: FastifyPluginAsyncZod = async (own) => {
  const { users } = own.ctx.services;
  own.addHook('onRequest', own.ctx.auth.requireUser);

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
      return { message: USER_TEXTS.passwordChanged };
    },
  );
};

/** User management: admins only. */
const userManagement: FastifyPluginAsyncZod = async (admin) => {
  const { users } = admin.ctx.services;
  admin.addHook('onRequest', admin.ctx.auth.requireAdmin);

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
