import { evaluationSchema, transcriptionEvaluationBodySchema } from '@shared/schemas/evaluation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/hooks';
import { unlessGone } from '../http/disconnect';
import { limitedBy } from '../http/rate-limit';
import { idParams, replies } from '../http/replies';

const tags = ['evaluations'];

/**
 * /api/v1/evaluations: a transcription's report, and any report by id (docs/architecture.md
 * "Evaluation"; a chat session's reports are under /runner). What each may read is the service's
 * business.
 */
export const evaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { evaluations } = app.ctx.services;
  app.addHook('onRequest', app.ctx.auth.requireUser);

  app.post(
    '',
    {
      schema: { body: transcriptionEvaluationBodySchema, response: replies({ 201: evaluationSchema }), tags },
      preHandler: limitedBy(app.ctx.limits, 'evaluations'),
    },
    // A judge call takes a while: if the client goes away meanwhile, it is stopped.
    async (request, reply) =>
      unlessGone(reply, async (signal) =>
        reply.code(201).send(await evaluations.evaluateTranscription(actorOf(request), request.body, signal)),
      ),
  );

  app.get(
    '/:id',
    { schema: { params: idParams, response: replies({ 200: evaluationSchema }), tags } },
    (request) => evaluations.get(actorOf(request), request.params.id),
  );
};
