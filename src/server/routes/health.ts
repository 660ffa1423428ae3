import type { App, AppContext } from '../context';

export function registerHealthRoutes(app: App, ctx: AppContext): void {
  app.get('/api/health', { schema: { tags: ['health'] } }, async (_request, reply) => {
    const database = await ctx.database.ping().catch(() => false);
    return reply.code(database ? 200 : 503).send({
      status: database ? 'ok' : 'degraded',
      database: database ? 'up' : 'down',
      databaseKind: ctx.database.kind,
      llmProvider: ctx.config.llm.provider,
    });
  });
}
