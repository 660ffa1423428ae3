import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { RESOURCE_COLLECTIONS, resourceKinds } from '@shared/schemas/resources';
import Fastify, { LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAuthHooks } from './auth/hooks';
import { createTokenService, resolveSecret } from './auth/tokens';
import { seedCatalogue } from './catalogue/seed';
import type { Config } from './config';
import type { App, AppContext } from './context';
import { type Database, openDatabase } from './db/client';
import { createEvaluationModel } from './evaluation/model';
import { registerErrorHandling } from './http/errors';
import { registerInputGuard } from './http/input-guard';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticClient } from './http/static';
import { activityRoutes } from './routes/activities';
import {
  designLeakCheckRoutes,
  evaluationRoutes,
  jobRoutes,
  leakCheckRoutes,
  sessionEvaluationRoutes,
} from './routes/evaluations';
import { healthRoutes } from './routes/health';
import { leiaRoutes } from './routes/leias';
import { resourceRoutes } from './routes/resources';
import { runnerRoutes } from './routes/runner';
import { userRoutes } from './routes/users';
import { createProvider } from './runner/providers';
import { createActivitiesService } from './services/activities';
import { createEvaluationsService } from './services/evaluations';
import { createJobStore } from './services/jobs';
import { createLeakCheckService } from './services/leak-check';
import { backfillLeiaViews } from './services/leia-views';
import { createLeiasService } from './services/leias';
import { createRateLimits, limitRulesOf } from './services/rate-limits';
import { createResourcesService } from './services/resources';
import { createRunnerService } from './services/runner';
import { runnerSourcesFrom } from './services/runner-sources';
import { createUsersService } from './services/users';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  /** Told once when the first admin is created (with the password when it was generated). */
  onFirstAdmin?: (email: string, generatedPassword?: string) => void;
  /** A database already being opened (main.ts starts it before loading the rest of the server). */
  database?: Promise<Database>;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** A hop count trusts that many proxies nearest the server, whatever their address (as Express does). */
const trustProxyOption = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** The whole server, ready for `listen` or `inject`. Opens (and migrates) the database. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const database = await (options.database ?? openDatabase(config));
  const tokens = await createTokenService(
    await resolveSecret(database.db, config.jwtSecret),
    config.tokenTtlSeconds,
  );
  const users = createUsersService(database.db, tokens);
  const resources = createResourcesService(database.db);
  const leias = createLeiasService(database.db);
  const activities = createActivitiesService(database.db);
  // One provider for the process: it holds the model client (and its connection pool).
  const llm = createProvider(config.llm);
  const sources = runnerSourcesFrom(resources, leias, activities);
  // The judge and the simulated students (undefined offline: the simulator is no judge).
  const evaluationModel = createEvaluationModel(config.llm);
  const jobs = createJobStore(database.db);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens,
    auth: createAuthHooks(database.db, tokens),
    limits: createRateLimits(database, limitRulesOf(config)),
    services: {
      users,
      resources,
      leias,
      activities,
      runner: createRunnerService(database.db, llm, sources),
      evaluations: createEvaluationsService(database.db, { sources, model: evaluationModel }),
      jobs,
      leakChecks: createLeakCheckService({
        jobs,
        sources,
        provider: llm,
        model: evaluationModel,
        // Called only while jobs run, long after `app` below exists.
        log: { error: (details, message) => app.log.error(details, message) },
      }),
    },
  };

  await backfillLeiaViews(database.db);
  // No job is left 'running' by a process that is gone (see services/jobs.ts).
  await jobs.failInterrupted(database.kind === 'pglite');
  const firstAdmin = await users.ensureFirstAdmin(config.adminEmail, config.adminPassword);
  if (firstAdmin.created) options.onFirstAdmin?.(config.adminEmail, firstAdmin.generatedPassword);
  // First start: the starter catalogue, owned by the first admin (a no-op once resources exist).
  if (config.seedCatalogue) await seedCatalogue(database.db);

  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    // Forwarding headers are believed only from the proxies named in LEIA_TRUST_PROXY (default none):
    // otherwise any client could pick its own address and escape the per-address limits.
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    // Per-request lines only when debugging: at classroom load they drown everything else.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  // Before the database closes: this process's checks stop and say why.
  app.addHook('preClose', () => ctx.services.leakChecks.stopAll());
  app.decorateRequest('actor', null);
  app.decorateRequest('userId', null);
  app.addHook('onClose', async () => ctx.limits.close());
  app.addHook('onClose', () => database.close());

  registerSecurityHeaders(app);
  await app.register(swagger, {
    openapi: { info: { title: 'LEIA Designer API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const servesClient = await registerStaticClient(app, config.clientDir);
  registerErrorHandling(app, { spaFallback: servesClient });
  registerInputGuard(app);
  // Each area is a plugin under its prefix; its auth hook is declared once inside it.
  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(userRoutes, { prefix: '/api/v1/users' });
  for (const kind of resourceKinds) {
    await app.register(resourceRoutes(kind), { prefix: `/api/v1/${RESOURCE_COLLECTIONS[kind]}` });
  }
  await app.register(leiaRoutes, { prefix: '/api/v1/leias' });
  await app.register(runnerRoutes, { prefix: '/api/v1/runner' });
  await app.register(activityRoutes, { prefix: '/api/v1/experiments' });
  await app.register(sessionEvaluationRoutes, { prefix: '/api/v1/runner' });
  await app.register(evaluationRoutes, { prefix: '/api/v1/evaluations' });
  await app.register(leakCheckRoutes, { prefix: '/api/v1/leias' });
  await app.register(designLeakCheckRoutes, { prefix: '/api/v1/leak-checks' });
  await app.register(jobRoutes, { prefix: '/api/v1/jobs' });

  return app;
}
