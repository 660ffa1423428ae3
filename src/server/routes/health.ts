import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../http/replies';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  databaseKind: z.enum(['pglite', 'postgres']),
  llmProvider: z.enum(['simulator', 'openai-compatible']),
});

/** /api/health: for load balancers and the tests; no token needed. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.ctx;
  app.get(
    '',
    { schema: { response: replies({ 200: healthSchema, 503: healthSchema }), tags: ['health'] } },
    async (_request, reply) => {
      const up = await database.ping().catch(() => false);
      return reply.code(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        databaseKind: database.kind,
        llmProvider: config.llm.provider,
      });
    },
  );
};
