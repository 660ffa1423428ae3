import { resourceListQuerySchema } from '@shared/schemas/resource-api';
import {
  RESOURCE_BODY_SCHEMAS,
  RESOURCE_COLLECTIONS,
  type ResourceBody,
  resourceKinds,
} from '@shared/schemas/resources';
import { publishQuerySchema } from '@shared/schemas/visibility';
import { z } from 'zod';
import { actorOf } from '../auth/hooks';
import type { App, AppContext } from '../context';

const idParams = z.object({ id: z.string() });
const nameParams = z.object({ name: z.string() });

/**
 * /api/v1/personas, /problems, /behaviours (spec section 7): the same five routes for each kind.
 * Who may do what is decided in the service (services/resources.ts).
 */
export function registerResourceRoutes(app: App, ctx: AppContext): void {
  const { resources } = ctx.services;
  const { requireUser } = ctx.auth;

  for (const kind of resourceKinds) {
    const base = `/api/v1/${RESOURCE_COLLECTIONS[kind]}`;
    const tags = [RESOURCE_COLLECTIONS[kind]];

    app.get(
      base,
      { onRequest: requireUser, schema: { querystring: resourceListQuerySchema, tags } },
      (request) => resources.list(actorOf(request), kind, request.query),
    );

    app.get(
      `${base}/exists/:name`,
      { onRequest: requireUser, schema: { params: nameParams, tags } },
      async (request) => ({ exists: await resources.exists(kind, request.params.name) }),
    );

    app.get(`${base}/:id`, { onRequest: requireUser, schema: { params: idParams, tags } }, (request) =>
      resources.get(actorOf(request), kind, request.params.id),
    );

    app.post(
      base,
      {
        onRequest: requireUser,
        schema: { body: RESOURCE_BODY_SCHEMAS[kind], querystring: publishQuerySchema, tags },
      },
      async (request, reply) => {
        const body = request.body as ResourceBody<typeof kind>;
        const created = await resources.create(actorOf(request), kind, body, {
          publish: request.query.publish,
        });
        return reply.code(201).send(created);
      },
    );

    app.delete(
      `${base}/:id`,
      { onRequest: requireUser, schema: { params: idParams, tags } },
      async (request, reply) => {
        await resources.remove(actorOf(request), kind, request.params.id);
        return reply.code(204).send();
      },
    );
  }
}
