import {
  chatReplySchema,
  initializeBodySchema,
  initializeResponseSchema,
  messageBodySchema,
  runnerSessionSchema,
  transcriptionRequestSchema,
  transcriptionResponseSchema,
} from '@shared/schemas/runner';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, userIdOf } from '../auth/hooks';
import { DomainError } from '../errors';
import { limitedBy } from '../http/rate-limit';
import { replies } from '../http/replies';
import { abortOnDisconnect } from '../http/sse';
import { answerTurn } from '../http/streamed-reply';
import type { RunnerService, Turn } from '../services/runner';

const sessionParams = z.object({ sessionId: z.string() });
const tags = ['runner'];

/**
 * /api/v1/runner (the product's API contract, plus GET one session and Regenerate). Sessions are private to
 * the user who started them. `messages` and `regenerate` answer JSON, or stream server-sent events
 * when asked with `Accept: text/event-stream` (events in @shared/schemas/runner RUNNER_EVENTS).
 */
export const runnerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sessionRoutes);
  await app.register(replyRoutes);
};

/** Sessions and transcriptions: the signed-in user, read from the database on each request. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { runner } = app.ctx.services;
  app.addHook('onRequest', app.ctx.auth.requireUser);

  app.post(
    '/initialize',
    {
      schema: { body: initializeBodySchema, response: replies({ 201: initializeResponseSchema }), tags },
      preHandler: limitedBy(app.ctx.limits, 'chatSessions'),
    },
    async (request, reply) => reply.code(201).send(await runner.initialize(actorOf(request), request.body)),
  );

  app.get(
    '/:sessionId',
    { schema: { params: sessionParams, response: replies({ 200: runnerSessionSchema }), tags } },
    (request) => runner.get(actorOf(request), request.params.sessionId),
  );

  app.post(
    '/transcriptions/generate',
    {
      schema: {
        body: transcriptionRequestSchema,
        response: replies({ 200: transcriptionResponseSchema }),
        tags,
      },
      preHandler: limitedBy(app.ctx.limits, 'transcriptions'),
    },
    async (request, reply) => {
      const signal = abortOnDisconnect(reply);
      try {
        return await runner.generateTranscription(actorOf(request), request.body, signal);
      } catch (error) {
        if (signal.aborted) return reply.hijack();
        throw error;
      }
    },
  );
};

/**
 * A chat's turns, the classroom's hot path: the token names the user and the session query, which
 * only finds the caller's own session, proves the account exists (sessions go with it), so the
 * user is not read separately (AuthHooks.identifyUser).
 */
const replyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { runner } = app.ctx.services;
  const { identifyUser, ensureStillExists } = app.ctx.auth;
  app.addHook('onRequest', identifyUser);
  const turns: Turns = {
    reply: async (userId, sessionId, turn, options) => {
      try {
        return await runner.reply(userId, sessionId, turn, options);
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'not-found') await ensureStillExists(userId);
        throw error;
      }
    },
  };

  app.post(
    '/:sessionId/messages',
    {
      schema: {
        params: sessionParams,
        body: messageBodySchema,
        response: replies({ 200: chatReplySchema }),
        tags,
      },
      preHandler: limitedBy(app.ctx.limits, 'chatReplies'),
    },
    (request, reply) =>
      answer(turns, request, reply, request.params.sessionId, {
        kind: 'message',
        text: request.body.message,
      }),
  );

  app.post(
    '/:sessionId/regenerate',
    {
      schema: { params: sessionParams, response: replies({ 200: chatReplySchema }), tags },
      preHandler: limitedBy(app.ctx.limits, 'chatReplies'),
    },
    (request, reply) => answer(turns, request, reply, request.params.sessionId, { kind: 'regenerate' }),
  );
};

/** The runner's reply, with a missing session told apart from a deleted account. */
interface Turns {
  reply: RunnerService['reply'];
}

/** A reply to a turn, as JSON or as a stream (answerTurn). */
function answer(runner: Turns, request: FastifyRequest, reply: FastifyReply, sessionId: string, turn: Turn) {
  const userId = userIdOf(request);
  return answerTurn(request, reply, (options) => runner.reply(userId, sessionId, turn, options));
}
