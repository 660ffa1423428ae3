import { jobSchema, leakCheckBodySchema } from '@shared/schemas/leak-check';
import {
  LEIA_PAGE_SIZE,
  leiaCreateBodySchema,
  leiaListItemSchema,
  leiaListQuerySchema,
  leiaListRowSchema,
  leiaSchema,
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
} from '@shared/schemas/leias';
import { existsResponseSchema } from '@shared/schemas/resource-api';
import { publishQuerySchema } from '@shared/schemas/visibility';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/hooks';
import type { App } from '../context';
import { sendJsonBody } from '../http/gzip-body';
import { limitedBy } from '../http/rate-limit';
import { idParams, noContent, replies } from '../http/replies';
import { historyRoutes } from './history';

const nameParams = z.object({ name: z.string() });
const tags = ['leias'];

/**
 * /api/v1/leias (the product's API contract, plus GET one, history and leak checks). Every route
 * needs a signed-in user; what each may read or change is the services' business.
 */
export const leiaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.ctx.auth.requireUser);
  listRoute(app);
  itemRoutes(app);
  historyRoutes(app, app.ctx.services.leias, leiaSchema, tags);
  leakCheckRoutes(app);
};

/**
 * GET /: the list body is the array of rows, as the contract says; the cursor of the next page
 * travels in the `x-next-cursor` header.
 */
function listRoute(app: App): void {
  const { leias } = app.ctx.services;
  app.get(
    '',
    {
      schema: {
        querystring: leiaListQuerySchema,
        response: replies({ 200: z.union([z.array(leiaListRowSchema), z.array(leiaListItemSchema)]) }),
        tags,
        description:
          'Newest first, or as `sort` says (name; relevance with text); with all versions, the versions of one name stay together, highest first. The body is an array of LEIAs (LeiaListRow: the LEIA with its spec as the caller may read it, plus part ids); ' +
          'with fields=summary, rows without spec (LeiaListItem). ' +
          `Without limit the body holds every match, up to ${LEIA_PAGE_SIZE.whole} rows; limit asks for pages of 1 to ${LEIA_PAGE_SIZE.max} rows. ` +
          `The next page's cursor comes in the ${NEXT_CURSOR_HEADER} response header, absent on the last page; ` +
          `the first page's ${TOTAL_COUNT_HEADER} header says how many LEIAs match in all.`,
      },
    },
    async (request, reply) => {
      const page = await leias.list(actorOf(request), request.query, request.listsGeneration ?? undefined);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      if (page.total !== undefined) reply.header(TOTAL_COUNT_HEADER, page.total);
      // The page is JSON already (services/leia-list-cache.ts); Fastify sends a buffer as it is, so the
      // schema above documents the body without re-encoding it.
      return sendJsonBody(request, reply, page.body);
    },
  );
}

/** One LEIA: whether a name is taken, read, create (and publish), delete. */
function itemRoutes(app: App): void {
  const { leias } = app.ctx.services;

  app.get(
    '/exists/:name',
    { schema: { params: nameParams, response: replies({ 200: existsResponseSchema }), tags } },
    async (request) => ({ exists: await leias.exists(request.params.name) }),
  );

  app.get('/:id', { schema: { params: idParams, response: replies({ 200: leiaSchema }), tags } }, (request) =>
    leias.get(actorOf(request), request.params.id),
  );

  app.post(
    '',
    {
      schema: {
        body: leiaCreateBodySchema,
        querystring: publishQuerySchema,
        response: replies({ 201: leiaSchema }),
        tags,
      },
    },
    async (request, reply) => {
      const created = await leias.create(actorOf(request), request.body, { publish: request.query.publish });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/:id',
    { schema: { params: idParams, response: replies({ 204: noContent }), tags } },
    async (request, reply) => {
      await leias.remove(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** Start a leak check of a LEIA (a job: followed under /jobs), and list the caller's checks of it. */
function leakCheckRoutes(app: App): void {
  const { leakChecks, jobs } = app.ctx.services;
  const checkTags = ['evaluations'];

  app.post(
    '/:id/leak-check',
    {
      schema: {
        params: idParams,
        body: leakCheckBodySchema,
        response: replies({ 202: jobSchema }),
        tags: checkTags,
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
    { schema: { params: idParams, response: replies({ 200: z.array(jobSchema) }), tags: checkTags } },
    (request) => jobs.listForLeia(actorOf(request), request.params.id),
  );
}
