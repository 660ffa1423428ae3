import { designLeakCheckBodySchema, jobSchema } from '@shared/schemas/leak-check';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/hooks';
import { limitedBy } from '../http/rate-limit';
import { replies } from '../http/replies';

const tags = ['evaluations'];

/**
 * /api/v1/leak-checks: a leak check of a design not saved yet (the wizard's). A saved LEIA's are
 * under /leias/{id}; the job is followed under /jobs.
 */
export const leakCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const { leakChecks } = app.ctx.services;
  app.addHook('onRequest', app.ctx.auth.requireUser);

  app.post(
    '',
    {
      schema: {
        body: designLeakCheckBodySchema,
        response: replies({ 202: jobSchema }),
        tags,
        description:
          'Starts a leak check job of an unsaved design: `spec` as POST /runner/initialize takes it. Follow it with GET /jobs/{id} or /jobs/{id}/events.',
      },
      preHandler: limitedBy(app.ctx.limits, 'leakChecks'),
    },
    async (request, reply) => {
      const { spec, metadata, ...params } = request.body;
      return reply.code(202).send(await leakChecks.start(actorOf(request), { spec, metadata }, params));
    },
  );
};
