import { JOB_EVENTS, jobSchema } from '@shared/schemas/leak-check';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/hooks';
import { abortOnDisconnect } from '../http/disconnect';
import { idParams, replies } from '../http/replies';
import { openEventStream } from '../http/sse';
import { followJob } from '../services/job-follow';

const tags = ['evaluations'];

/** /api/v1/jobs: a job of the caller's, its progress as server-sent events, and Cancel. */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { leakChecks, jobs } = app.ctx.services;
  app.addHook('onRequest', app.ctx.auth.requireUser);

  app.get('/:id', { schema: { params: idParams, response: replies({ 200: jobSchema }), tags } }, (request) =>
    jobs.get(actorOf(request), request.params.id),
  );

  app.post(
    '/:id/cancel',
    { schema: { params: idParams, response: replies({ 200: jobSchema }), tags } },
    (request) => leakChecks.cancel(actorOf(request), request.params.id),
  );

  app.get(
    '/:id/events',
    {
      schema: {
        params: idParams,
        response: replies({
          200: z.string().describe('text/event-stream: progress events, then one done event'),
        }),
        tags,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const job = await jobs.get(actor, request.params.id);
      const stream = openEventStream(reply);
      const listener = {
        progress: (event: unknown) => stream.send(JOB_EVENTS.progress, event),
        done: (ended: unknown) => stream.send(JOB_EVENTS.done, ended),
      };
      await followJob(jobs, actor, job, listener, abortOnDisconnect(reply));
      stream.end();
      return reply;
    },
  );
};
