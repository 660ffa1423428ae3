import { leiaCreateBodySchema, leiaListQuerySchema, NEXT_CURSOR_HEADER } from '@shared/schemas/leias';
import { publishQuerySchema } from '@shared/schemas/visibility';
import { z } from 'zod';
import { actorOf } from '../auth/hooks';
import type { App, AppContext } from '../context';

const idParams = z.object({ id: z.string() });
const nameParams = z.object({ name: z.string() });
const tags = ['leias'];

/**
 * /api/v1/leias (spec section 7, plus GET one). The list body is the array of rows, as the spec's
 * contract says; the cursor of the next page travels in the `x-next-cursor` header.
 */
export function registerLeiaRoutes(app: App, ctx: AppContext): void {
  const { leias } = ctx.services;
  const { requireUser } = ctx.auth;

  app.get(
    '/api/v1/leias',
    {
      onRequest: requireUser,
      schema: {
        querystring: leiaListQuerySchema,
        tags,
        description:
          'Newest first. The body is an array of LEIAs (LeiaListRow: the LEIA with its spec as the caller may read it, plus part ids); ' +
          'with fields=summary, rows without spec (LeiaListItem). ' +
          `The next page's cursor comes in the ${NEXT_CURSOR_HEADER} response header, absent on the last page.`,
      },
    },
    async (request, reply) => {
      const page = await leias.list(actorOf(request), request.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      // The page is JSON text already (see services/leia-list.ts).
      return reply.type('application/json; charset=utf-8').send(page.json);
    },
  );

  app.get(
    '/api/v1/leias/exists/:name',
    { onRequest: requireUser, schema: { params: nameParams, tags } },
    async (request) => ({ exists: await leias.exists(request.params.name) }),
  );

  app.get('/api/v1/leias/:id', { onRequest: requireUser, schema: { params: idParams, tags } }, (request) =>
    leias.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/v1/leias',
    { onRequest: requireUser, schema: { body: leiaCreateBodySchema, querystring: publishQuerySchema, tags } },
    async (request, reply) => {
      const created = await leias.create(actorOf(request), request.body, { publish: request.query.publish });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/v1/leias/:id',
    { onRequest: requireUser, schema: { params: idParams, tags } },
    async (request, reply) => {
      await leias.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
