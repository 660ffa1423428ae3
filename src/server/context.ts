import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthHooks } from './auth/hooks';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { ActivitiesService } from './services/activities';
import type { ClassBus } from './services/class-bus';
import type { ClassSessionsService } from './services/class-sessions';
import type { ClassStudentsService } from './services/class-students';
import type { EvaluationsService } from './services/evaluations';
import type { JobStore } from './services/jobs';
import type { LeakCheckService } from './services/leak-check';
import type { LeiasService } from './services/leias';
import type { RateLimits } from './services/rate-limits';
import type { ResourcesService } from './services/resources';
import type { RunnerService } from './services/runner';
import type { UsersService } from './services/users';

/** The Fastify instance routes are declared on: zod schemas type the request. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Everything a route module needs, built once by buildApp. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService & { ready: Promise<void> };
  auth: AuthHooks;
  /** Fair-use limits, counted where every process sees them (services/rate-limits.ts). */
  limits: RateLimits;
  /** Live events of class sessions: in-process, and between processes on PostgreSQL. */
  classBus: ClassBus;
  services: {
    users: UsersService;
    resources: ResourcesService;
    leias: LeiasService;
    activities: ActivitiesService;
    runner: RunnerService;
    evaluations: EvaluationsService;
    leakChecks: LeakCheckService;
    jobs: JobStore;
    classSessions: ClassSessionsService;
    classStudents: ClassStudentsService;
  };
}
