import { activityExport, transcriptionsCsv } from '@shared/activity-export';
import {
  activityExportSchema,
  activityImportSchema,
  activityListQuerySchema,
  activitySchema,
  addLeiaBodySchema,
  createActivityBodySchema,
  leiaConfigSchema,
  updateConfigBodySchema,
} from '@shared/schemas/activities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/hooks';
import type { App } from '../context';
import { createsUnder, idParams, noContent, replies } from '../http/replies';
import { activityClassSessionRoutes } from './class-sessions';

const configParams = z.object({ id: z.string(), configId: z.string() });
const tags = ['activities'];

/**
 * /api/v1/experiments: activities, for admins only (docs/architecture.md "Roles"), and an
 * activity's class sessions, for whoever may run them (routes/class-sessions.ts).
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminActivityRoutes);
  await app.register(activityClassSessionRoutes);
};

const adminActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.ctx.auth.requireAdmin);
  activityListRoutes(app);
  configurationRoutes(app);
  lifeRoutes(app);
  exportRoutes(app);
};

/** The caller's activities, a new one, and one imported from an export. */
function activityListRoutes(app: App): void {
  const { activities } = app.ctx.services;

  app.get(
    '/user/me',
    {
      schema: {
        querystring: activityListQuerySchema,
        response: replies({ 200: z.array(activitySchema) }),
        tags,
      },
    },
    (request) => activities.list(actorOf(request), request.query),
  );

  app.post(
    '',
    { schema: { body: createActivityBodySchema, response: replies({ 201: activitySchema }), tags } },
    async (request, reply) =>
      reply.code(201).send(await activities.create(actorOf(request), request.body.name)),
  );

  app.post(
    '/import',
    {
      schema: { body: activityImportSchema, response: replies({ 201: activitySchema }), tags },
      // Transcriptions are long; an activity of many recorded interviews still fits.
      bodyLimit: 8 * 1024 * 1024,
    },
    async (request, reply) =>
      reply.code(201).send(await activities.importActivity(actorOf(request), request.body)),
  );
}

/** An activity's LEIAs: add one, change its configuration (mode, transcription), remove it. */
function configurationRoutes(app: App): void {
  const { activities } = app.ctx.services;

  app.post(
    '/:id/leias',
    createsUnder(idParams, addLeiaBodySchema, leiaConfigSchema, tags),
    async (request, reply) =>
      reply.code(201).send(await activities.addLeia(actorOf(request), request.params.id, request.body.leia)),
  );

  app.put(
    '/:id/leias/:configId',
    {
      schema: {
        params: configParams,
        body: updateConfigBodySchema,
        response: replies({ 200: activitySchema }),
        tags,
      },
    },
    (request) =>
      activities.updateConfig(actorOf(request), request.params.id, request.params.configId, request.body),
  );

  app.delete(
    '/:id/leias/:configId',
    { schema: { params: configParams, response: replies({ 204: noContent }), tags } },
    async (request, reply) => {
      await activities.removeLeia(actorOf(request), request.params.id, request.params.configId);
      return reply.code(204).send(null);
    },
  );
}

/** Publish (for good) and delete. */
function lifeRoutes(app: App): void {
  const { activities } = app.ctx.services;

  app.patch(
    '/:id/publish',
    { schema: { params: idParams, response: replies({ 200: activitySchema }), tags } },
    (request) => activities.publish(actorOf(request), request.params.id),
  );

  app.delete(
    '/:id',
    { schema: { params: idParams, response: replies({ 204: noContent }), tags } },
    async (request, reply) => {
      await activities.remove(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** The activity as a file: JSON (the import's input) and its transcriptions as CSV. */
function exportRoutes(app: App): void {
  const { activities } = app.ctx.services;

  app.get(
    '/:id/export',
    { schema: { params: idParams, response: replies({ 200: activityExportSchema }), tags } },
    async (request) => activityExport(await activities.read(actorOf(request), request.params.id)),
  );

  app.get(
    '/:id/transcriptions.csv',
    {
      schema: {
        params: idParams,
        response: replies({
          200: z.string().describe('text/csv: activity, leia, position, speaker, timestamp, text'),
        }),
        tags,
      },
    },
    async (request, reply) => {
      const activity = await activities.read(actorOf(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${activity.id}-transcriptions.csv"`)
        .send(transcriptionsCsv(activity));
    },
  );
}
