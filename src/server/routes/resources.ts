import {
  existsResponseSchema,
  resourceItemSchema,
  resourceListQuerySchema,
} from '@shared/schemas/resource-api';
import {
  RESOURCE_BODY_SCHEMAS,
  RESOURCE_COLLECTIONS,
  type ResourceBody,
  type ResourceKind,
} from '@shared/schemas/resources';
import { publishQuerySchema } from '@shared/schemas/visibility';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/hooks';
import { idParams, noContent, replies } from '../http/replies';
import { historyRoutes } from './history';

const nameParams = z.object({ name: z.string() });

/**
 * /api/v1/personas, /problems, /behaviours: the same five routes for each kind, registered once per
 * kind under its prefix. Who may do what is decided in the service (services/resources.ts).
 */
export const resourceRoutes =
  (kind: ResourceKind): FastifyPluginAsyncZod =>
  async (app) => {
    const { resources } = app.ctx.services;
    const tags = [RESOURCE_COLLECTIONS[kind]];
    app.addHook('onRequest', app.ctx.auth.requireUser);

    app.get(
      '',
      {
        schema: {
          querystring: resourceListQuerySchema,
          response: replies({ 200: z.array(resourceItemSchema) }),
          tags,
        },
      },
      (request) => resources.list(actorOf(request), kind, request.query),
    );

    app.get(
      '/exists/:name',
      { schema: { params: nameParams, response: replies({ 200: existsResponseSchema }), tags } },
      async (request) => ({ exists: await resources.exists(kind, request.params.name) }),
    );

    app.get(
      '/:id',
      { schema: { params: idParams, response: replies({ 200: resourceItemSchema }), tags } },
      (request) => resources.get(actorOf(request), kind, request.params.id),
    );

    app.post(
      '',
      {
        schema: {
          body: RESOURCE_BODY_SCHEMAS[kind],
          querystring: publishQuerySchema,
          response: replies({ 201: resourceItemSchema }),
          tags,
        },
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
      '/:id',
      { schema: { params: idParams, response: replies({ 204: noContent }), tags } },
      async (request, reply) => {
        await resources.remove(actorOf(request), kind, request.params.id);
        return reply.code(204).send(null);
      },
    );

    historyRoutes(
      app,
      {
        versions: (actor, id) => resources.versions(actor, kind, id),
        lineage: (actor, id) => resources.lineage(actor, kind, id),
        restore: (actor, id, options) => resources.restore(actor, kind, id, options),
      },
      resourceItemSchema,
      tags,
    );
  };
