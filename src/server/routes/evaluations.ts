import {
  type Evaluation,
  evaluationSchema,
  sessionEvaluationBodySchema,
  transcriptionEvaluationBodySchema,
} from '@shared/schemas/evaluation';
import {
  designLeakCheckBodySchema,
  isFinished,
  JOB_EVENTS,
  type Job,
  type JobProgressEvent,
  jobSchema,
  leakCheckBodySchema,
} from '@shared/schemas/leak-check';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, type RequestActor } from '../auth/hooks';
import { limitedBy } from '../http/rate-limit';
import { idParams, replies } from '../http/replies';
import { abortOnDisconnect, openEventStream } from '../http/sse';
import type { JobStore } from '../services/jobs';

/**
 * Elicitation reports and leak checks (docs/architecture.md "Evaluation"), as small plugins
 * beside the areas they extend: /runner/{sessionId}/evaluation(s), /evaluations, /leias/{id}/leak-check(s),
 * /leak-checks (an unsaved design) and /jobs. Every route needs a signed-in user; what each may read is the services' business.
 */

const sessionParams = z.object({ sessionId: z.string() });
const tags = ['evaluations'];

/**
 * 201 with the report. A judge call takes a while: if the client goes away meanwhile, the call is
 * stopped and nobody is answered.
 */
async function created(reply: FastifyReply, evaluate: (signal: AbortSignal) => Promise<Evaluation>) {
  const signal = abortOnDisconnect(reply);
  try {
    return reply.code(201).send(await evaluate(signal));
  } catch (error) {
    if (signal.aborted) return reply.hijack();
    throw error;
  }
}

/** /api/v1/runner: a chat session's reports. */
export const sessionEvaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { evaluations } = app.ctx.services;
  app.addHook('onRequest', app.ctx.auth.requireUser);

  app.post(
    '/:sessionId/evaluation',
    {
      schema: {
        params: sessionParams,
        body: sessionEvaluationBodySchema,
        response: replies({ 201: evaluationSchema }),
        tags,
        description:
          "Evaluates the session's stored messages against its LEIA's solution and stores the report.",
      },
      preHandler: limitedBy(app.ctx.limits, 'evaluations'),
    },
    async (request, reply) =>
      created(reply, (signal) =>
        evaluations.evaluateSession(actorOf(request), request.params.sessionId, request.body, signal),
      ),
  );

  app.get(
    '/:sessionId/evaluations',
    { schema: { params: sessionParams, response: replies({ 200: z.array(evaluationSchema) }), tags } },
    (request) => evaluations.listForSession(actorOf(request), request.params.sessionId),
  );
};

/** /api/v1/evaluations: a transcription's report, and any report by id. */
export const evaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { evaluations } = app.ctx.services;
  app.addHook('onRequest', app.ctx.auth.requireUser);

  app.post(
    '',
    {
      schema: { body: transcriptionEvaluationBodySchema, response: replies({ 201: evaluationSchema }), tags },
      preHandler: limitedBy(app.ctx.limits, 'evaluations'),
    },
    async (request, reply) =>
      created(reply, (signal) => evaluations.evaluateTranscription(actorOf(request), request.body, signal)),
  );

  app.get(
    '/:id',
    { schema: { params: idParams, response: replies({ 200: evaluationSchema }), tags } },
    (request) => evaluations.get(actorOf(request), request.params.id),
  );
};

/** /api/v1/leias: start a leak check of a LEIA, and list the caller's checks of it. */
export const leakCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const { leakChecks, jobs } = app.ctx.services;
  app.addHook('onRequest', app.ctx.auth.requireUser);

  app.post(
    '/:id/leak-check',
    {
      schema: {
        params: idParams,
        body: leakCheckBodySchema,
        response: replies({ 202: jobSchema }),
        tags,
        description: 'Starts a leak check job; follow it with GET /jobs/{id} or /jobs/{id}/events.',
      },
      preHandler: limitedBy(app.ctx.limits, 'leakChecks'),
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await leakChecks.start(actorOf(request), { leia: request.params.id }, request.body)),
  );

  app.get(
    '/:id/leak-checks',
    { schema: { params: idParams, response: replies({ 200: z.array(jobSchema) }), tags } },
    (request) => jobs.listForLeia(actorOf(request), request.params.id),
  );
};

/** /api/v1/leak-checks: a leak check of a design not saved yet (the wizard's). */
export const designLeakCheckRoutes: FastifyPluginAsyncZod = async (app) => {
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

/** While a stream is open and its job runs elsewhere, the row is read this often. */
const POLL_MS = 1_000;

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
      await streamJob(jobs, actor, job, reply);
      return reply;
    },
  );
};

/** Sends `progress` as the job moves and `done` when it ends, then closes the stream. */
function streamJob(jobs: JobStore, actor: RequestActor, job: Job, reply: FastifyReply): Promise<void> {
  const stream = openEventStream(reply);
  if (isFinished(job.status)) {
    stream.send(JOB_EVENTS.done, job);
    stream.end();
    return Promise.resolve();
  }
  let last: JobProgressEvent = { status: job.status, progress: job.progress };
  const progress = (event: JobProgressEvent) => {
    // Only forward: the stored row (read by the poll) lags behind what the running process
    // announces, since it is written at most every 500 ms, and must never move the bar back.
    const moved = event.status !== last.status || event.progress.done > last.progress.done;
    if (!moved) return;
    last = { status: event.status, progress: event.progress };
    stream.send(JOB_EVENTS.progress, last);
  };
  stream.send(JOB_EVENTS.progress, { status: job.status, progress: job.progress });
  return new Promise<void>((resolve) => {
    let ended = false;
    const end = (final?: Job) => {
      if (ended) return;
      ended = true;
      jobs.events.off(`progress:${job.id}`, progress);
      jobs.events.off(`done:${job.id}`, end);
      clearInterval(poll);
      if (final) stream.send(JOB_EVENTS.done, { ...final });
      stream.end();
      resolve();
    };
    // Jobs running in another process announce nothing here: their row tells.
    const check = () =>
      jobs.get(actor, job.id).then(
        (current) => (isFinished(current.status) ? end(current) : progress(current)),
        () => end(),
      );
    const poll = setInterval(check, POLL_MS);
    jobs.events.on(`progress:${job.id}`, progress);
    jobs.events.on(`done:${job.id}`, end);
    reply.raw.once('close', () => end());
    // It may have ended between the first read and listening.
    void check();
  });
}
