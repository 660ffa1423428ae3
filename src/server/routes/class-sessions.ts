import {
  classSessionDetailSchema,
  classSessionSummarySchema,
  extendBodySchema,
  liveEventsQuerySchema,
  startClassSessionBodySchema,
  studentConversationSchema,
} from '@shared/schemas/class-sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/hooks';
import { createsUnder, idParams, replies } from '../http/replies';
import { KEEP_ALIVE_MS, openEventStream } from '../http/sse';
import { classReportRoutes } from './class-reports';

const tags = ['class sessions'];
const sessionParams = z.object({ sessionId: z.string() });
const studentParams = z.object({ sessionId: z.string(), studentId: z.string() });

/**
 * /api/v1/experiments/{id}/class-sessions: an activity's class sessions, listed and started by
 * whoever may manage the activity (the service decides: @shared/permissions canRunClassSessions).
 */
export const activityClassSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { classSessions } = app.ctx.services;
  app.addHook('onRequest', app.ctx.auth.requireUser);

  app.get(
    '/:id/class-sessions',
    { schema: { params: idParams, response: replies({ 200: z.array(classSessionSummarySchema) }), tags } },
    (request) => classSessions.list(actorOf(request), request.params.id),
  );

  app.post(
    '/:id/class-sessions',
    createsUnder(idParams, startClassSessionBodySchema, classSessionDetailSchema, tags),
    async (request, reply) =>
      reply.code(201).send(await classSessions.start(actorOf(request), request.params.id, request.body)),
  );
};

/** /api/v1/class-sessions: one session's live view and actions, and what the class learned. */
export const classSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(liveSessionRoutes);
  await app.register(classReportRoutes);
};

/** /api/v1/class-sessions/{sessionId}: one session's live view, its events and its actions. */
const liveSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { classSessions } = app.ctx.services;
  app.addHook('onRequest', app.ctx.auth.requireUser);

  app.get(
    '/:sessionId',
    { schema: { params: sessionParams, response: replies({ 200: classSessionDetailSchema }), tags } },
    (request) => classSessions.get(actorOf(request), request.params.sessionId),
  );

  app.get(
    '/:sessionId/students/:studentId',
    { schema: { params: studentParams, response: replies({ 200: studentConversationSchema }), tags } },
    (request) =>
      classSessions.conversation(actorOf(request), request.params.sessionId, request.params.studentId),
  );

  app.post(
    '/:sessionId/extend',
    {
      schema: {
        params: sessionParams,
        body: extendBodySchema,
        response: replies({ 200: classSessionSummarySchema }),
        tags,
      },
    },
    (request) => classSessions.extend(actorOf(request), request.params.sessionId, request.body.minutes),
  );

  app.post(
    '/:sessionId/close',
    { schema: { params: sessionParams, response: replies({ 200: classSessionSummarySchema }), tags } },
    (request) => classSessions.close(actorOf(request), request.params.sessionId),
  );

  app.get(
    '/:sessionId/events',
    {
      schema: {
        params: sessionParams,
        querystring: liveEventsQuerySchema,
        produces: ['text/event-stream'],
        response: replies({ 200: z.string().describe('text/event-stream of CLASS_EVENTS') }),
        tags,
      },
    },
    async (request, reply) => {
      // The stream opens with the snapshot, so a refusal (404, 403) is an ordinary JSON error.
      let stream: ReturnType<typeof openEventStream> | undefined;
      const stop = await classSessions.watch(
        actorOf(request),
        request.params.sessionId,
        request.query.student,
        (event) => {
          stream ??= openEventStream(reply);
          stream.send(event.event, event.data);
        },
      );
      const keepAlive = setInterval(() => reply.raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const end = () => {
        clearInterval(keepAlive);
        stop();
      };
      // The viewer may have gone while the snapshot was read.
      if (reply.raw.destroyed) end();
      else reply.raw.once('close', end);
      return reply;
    },
  );
};
