import { evaluationSchema, sessionEvaluationBodySchema } from '@shared/schemas/evaluation';
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
import type { App } from '../context';
import { DomainError } from '../errors';
import { unlessGone } from '../http/disconnect';
import { limitedBy } from '../http/rate-limit';
import { replies } from '../http/replies';
import { answerTurn } from '../http/streamed-reply';
import type { RunnerService } from '../services/runner';
import type { Turn } from '../services/runner-turn';

const sessionParams = z.object({ sessionId: z.string() });
const tags = ['runner'];

/**
 * /api/v1/runner (the product's API contract, plus GET one session, Regenerate and a session's
 * reports). Sessions are private to the user who started them. `messages` and `regenerate` answer
 * JSON, or stream server-sent events when asked with `Accept: text/event-stream` (events in
 * @shared/schemas/runner RUNNER_EVENTS).
 */
export const runnerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sessionRoutes);
  await app.register(replyRoutes);
};

/**
 * Sessions, transcriptions and a session's reports: the signed-in user, read from the database on
 * each request.
 */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.ctx.auth.requireUser);
  startRoutes(app);
  sessionEvaluationRoutes(app);
};

/** Start a session, read one, generate a transcription. */
function startRoutes(app: App): void {
  const { runner } = app.ctx.services;

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
    async (request, reply) =>
      unlessGone(reply, (signal) => runner.generateTranscription(actorOf(request), request.body, signal)),
  );
}

/** A chat session's elicitation reports (docs/architecture.md "Evaluation"). */
function sessionEvaluationRoutes(app: App): void {
  const { evaluations } = app.ctx.services;
  const evaluationTags = ['evaluations'];

  app.post(
    '/:sessionId/evaluation',
    {
      schema: {
        params: sessionParams,
        body: sessionEvaluationBodySchema,
        response: replies({ 201: evaluationSchema }),
        tags: evaluationTags,
        description:
          "Evaluates the session's stored messages against its LEIA's solution and stores the report.",
      },
      preHandler: limitedBy(app.ctx.limits, 'evaluations'),
    },
    // A judge call takes a while: if the client goes away meanwhile, it is stopped.
    async (request, reply) =>
      unlessGone(reply, async (signal) => {
        const { sessionId } = request.params;
        const report = await evaluations.evaluateSession(actorOf(request), sessionId, request.body, signal);
        return reply.code(201).send(report);
      }),
  );

  app.get(
    '/:sessionId/evaluations',
    {
      schema: {
        params: sessionParams,
        response: replies({ 200: z.array(evaluationSchema) }),
        tags: evaluationTags,
      },
    },
    (request) => evaluations.listForSession(actorOf(request), request.params.sessionId),
  );
}

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
