import { randomUUID } from 'node:crypto';
import { RESOURCE_COLLECTIONS, resourceKinds } from '@shared/schemas/resources';
import Fastify, { LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAuthHooks } from './auth/hooks';
import { createTokenService, resolveSecret } from './auth/tokens';
import { seedCatalogue } from './catalogue/seed';
import type { Config } from './config';
import type { App, AppContext } from './context';
import { type Database, type Db, startDatabase } from './db/client';
import { createEvaluationModel } from './evaluation/model';
import { registerApiDocs } from './http/api-docs';
import { registerErrorHandling } from './http/errors';
import { registerInputGuard } from './http/input-guard';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticClient } from './http/static';
import { activityRoutes } from './routes/activities';
import { classReportRoutes } from './routes/class-reports';
import { activityClassSessionRoutes, classSessionRoutes } from './routes/class-sessions';
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
import { studentRoutes } from './routes/student';
import { userRoutes } from './routes/users';
import type { LlmProvider } from './runner/provider';
import { createProvider } from './runner/providers';
import { createActivitiesService } from './services/activities';
import { type ClassBus, createClassBus } from './services/class-bus';
import { createClassLeias } from './services/class-leias';
import { createClassLive } from './services/class-live';
import { createClassSessionsService } from './services/class-sessions';
import { createClassStore } from './services/class-store';
import { createClassStudentsService } from './services/class-students';
import { createEvaluationsService } from './services/evaluations';
import { createJobStore } from './services/jobs';
import { createLeakCheckService } from './services/leak-check';
import { createLeiasService } from './services/leias';
import { createRateLimits, limitRulesOf } from './services/rate-limits';
import { createResourcesService } from './services/resources';
import { createRunnerService } from './services/runner';
import { runnerSourcesFrom } from './services/runner-sources';
import { createUsersService, ensureFirstAdmin } from './services/users';
import { createStartupClock, type StartupClock } from './startup-clock';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  /** Told once when the first admin is created (with the password when it was generated). */
  onFirstAdmin?: (email: string, generatedPassword?: string) => void;
  /** A database already starting (main.ts starts it before loading the rest of the server). */
  database?: Database;
  /** Times the start-up's phases (main.ts passes the one it started); logged at debug level. */
  clock?: StartupClock;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** A hop count trusts that many proxies nearest the server, whatever their address (as Express does). */
const trustProxyOption = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/**
 * The whole server, ready for `listen` or `inject`. Opens (and migrates) the database; services
 * and routes are built meanwhile (they send no query), and the few queries a start needs run once
 * it is ready. Work that can wait starts once the server is ready and never holds up its start
 * (startBackgroundWork).
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const clock = options.clock ?? createStartupClock();
  const app = createFastify(config);
  clock.attach(app.log);
  const database = options.database ?? startDatabase(config, clock);
  app.addHook('onClose', () => database.close());
  const secret = database.ready.then(() => resolveSecret(database.db, config.jwtSecret));
  const ctx = createContext(config, database, secret, app);
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => ctx.limits.close());
  // Before the database closes: this process's checks stop and say why.
  app.addHook('preClose', () => ctx.services.leakChecks.stopAll());
  // The live events stop before the database closes; the deadline sweep with them.
  app.addHook('preClose', async () => {
    stopSweeping?.();
    await ctx.classBus.close();
  });
  let stopSweeping: (() => void) | undefined;
  app.addHook('onReady', async () => {
    await ctx.classBus.start();
    stopSweeping = ctx.services.classSessions.startSweeping();
  });
  app.addHook('onReady', async () => startBackgroundWork(app, clock));
  await Promise.all([
    clock.time('routes registered', () => registerRoutes(app, config)),
    clock
      .time('database ready', () => database.ready)
      .then(() => clock.time('start-up queries', () => startupQueries(ctx, options))),
  ]);
  return app;
}

/** The secret (for the tokens), the first admin and the starter catalogue, and no job left running. */
async function startupQueries({ config, database, db, tokens, services }: AppContext, options: BuildOptions) {
  const [firstAdmin] = await Promise.all([
    firstAdminAndCatalogue(db, config),
    tokens.ready,
    // No job is left 'running' by a process that is gone (see services/jobs.ts).
    services.jobs.failInterrupted(database.kind === 'pglite'),
  ]);
  if (firstAdmin.created) options.onFirstAdmin?.(config.adminEmail, firstAdmin.generatedPassword);
}

function createFastify(config: Config): App {
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
    // Every schema is zod: given as factories, Fastify never loads its default compilers (Ajv and
    // fast-json-stringify, a sixth of the server's code).
    schemaController: {
      // Fastify types these factories for Ajv's compilers only; zod's fit the same call.
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => serializerCompiler) as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('actor', null);
  app.decorateRequest('userId', null);
  app.decorateRequest('listsGeneration', null);
  app.decorateRequest('classStudent', null);
  return app;
}

/** The services over the database (built before it is ready: none sends a query here). */
function createContext(
  config: Config,
  database: Database,
  secret: Promise<Uint8Array<ArrayBuffer>>,
  app: App,
): AppContext {
  const { db } = database;
  const tokens = createTokenService(secret, config.tokenTtlSeconds);
  const resources = createResourcesService(db);
  const leias = createLeiasService(db);
  const activities = createActivitiesService(db);
  // One provider for the process: it holds the model client (and its connection pool).
  const llm = createProvider(config.llm);
  const sources = runnerSourcesFrom(resources, leias, activities);
  // The judge and the simulated students (undefined offline: the simulator is no judge).
  const evaluationModel = createEvaluationModel(config.llm);
  const jobs = createJobStore(db);
  const runner = createRunnerService(db, llm, sources);
  const log = { error: (details: object, message: string) => app.log.error(details, message) };
  const classBus = createClassBus(database.notifications, (error) =>
    app.log.error({ err: error }, 'class session event failed'),
  );
  return {
    config,
    database,
    db,
    tokens,
    classBus,
    auth: createAuthHooks(db, tokens),
    limits: createRateLimits(database, limitRulesOf(config)),
    services: {
      users: createUsersService(db, tokens),
      resources,
      leias,
      activities,
      runner,
      ...classServices({ db, bus: classBus, runner, provider: llm, log }),
      evaluations: createEvaluationsService(db, { sources, model: evaluationModel }),
      jobs,
      leakChecks: createLeakCheckService({
        jobs,
        sources,
        provider: llm,
        model: evaluationModel,
        // Called only while jobs run, long after the server started.
        log: { error: (details, message) => app.log.error(details, message) },
      }),
    },
  };
}

/** Class sessions: the instructor's side and the students', over one store, LEIA cache and bus. */
function classServices(deps: {
  db: Db;
  bus: ClassBus;
  runner: AppContext['services']['runner'];
  provider: Pick<LlmProvider, 'name' | 'model'>;
  log: { error(details: object, message: string): void };
}) {
  const { db, bus, runner, provider, log } = deps;
  const context = { store: createClassStore(db), leias: createClassLeias(db), bus, log };
  const live = createClassLive(context);
  const classStudents = createClassStudentsService({ ...context, db, live, runner, provider });
  const classSessions = createClassSessionsService({ ...context, db, live, students: classStudents });
  return { classSessions, classStudents };
}

/** The first admin, then (on a first start) the starter catalogue they own. */
async function firstAdminAndCatalogue(db: Db, config: Config) {
  const firstAdmin = await ensureFirstAdmin(db, config.adminEmail, config.adminPassword);
  // A no-op once resources exist.
  if (config.seedCatalogue) await seedCatalogue(db);
  return firstAdmin;
}

/**
 * Work that can wait: started once the server is ready, never awaited by its start. A failure is
 * logged and leaves the server serving (the backfill runs again at the next start).
 */
function startBackgroundWork(app: App, clock: StartupClock): void {
  void clock
    .time('after start: views backfill', () => app.ctx.services.leias.fillInViews())
    .then(
      (rows) => rows > 0 && app.log.info({ rows }, 'filled in the restricted views of older LEIAs'),
      (error: unknown) => app.log.error({ err: error }, 'could not fill in the views of older LEIAs'),
    );
}

async function registerRoutes(app: App, config: Config): Promise<void> {
  registerSecurityHeaders(app);
  await registerApiDocs(app);

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
  await app.register(activityClassSessionRoutes, { prefix: '/api/v1/experiments' });
  await app.register(classSessionRoutes, { prefix: '/api/v1/class-sessions' });
  await app.register(classReportRoutes, { prefix: '/api/v1/class-sessions' });
  await app.register(studentRoutes, { prefix: '/api/v1/student' });
  await app.register(sessionEvaluationRoutes, { prefix: '/api/v1/runner' });
  await app.register(evaluationRoutes, { prefix: '/api/v1/evaluations' });
  await app.register(leakCheckRoutes, { prefix: '/api/v1/leias' });
  await app.register(designLeakCheckRoutes, { prefix: '/api/v1/leak-checks' });
  await app.register(jobRoutes, { prefix: '/api/v1/jobs' });
}
