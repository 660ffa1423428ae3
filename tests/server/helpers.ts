import { buildApp } from '@server/app';
import type { Config } from '@server/config';
import type { Role } from '@shared/roles';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestDatabase } from '../support/test-database';

export const ADMIN_EMAIL = 'admin@test.local';
export const ADMIN_PASSWORD = 'admin-password';

const unlimited: Config['limits'] = {
  chatSessions: { max: 1_000_000_000, windowSeconds: 60 },
  chatReplies: { max: 1_000_000_000, windowSeconds: 60 },
  transcriptions: { max: 1_000_000_000, windowSeconds: 60 },
  evaluations: { max: 1_000_000_000, windowSeconds: 60 },
  leakChecks: { max: 1_000_000_000, windowSeconds: 60 },
  classJoins: { max: 1_000_000_000, windowSeconds: 60 },
  classMessages: { max: 1_000_000_000, windowSeconds: 60 },
};

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    tokenTtlSeconds: 3600,
    llm: { provider: 'simulator', timeoutMs: 5000 },
    trustProxy: false,
    loginMaxFailures: 1000,
    loginFailureWindowMs: 60_000,
    // No test meets a fair-use limit unless it sets one.
    limits: unlimited,
    seedCatalogue: false,
    logLevel: 'silent',
    // Four test files run at once, some with two servers: the connections they may open stay
    // well under PostgreSQL's limit (each test's load is small).
    databasePoolSize: 20,
    ...overrides,
  };
}

export interface TestUser {
  id: string;
  email: string;
  role: Role;
  password: string;
  token: string;
}

export interface TestApp {
  app: FastifyInstance;
  admin: TestUser;
  /** app.inject with an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  login(email: string, password: string): Promise<string>;
  /** Creates a user through the API (as the admin) and logs them in. */
  createUser(role: Role, email?: string): Promise<TestUser>;
  close(): Promise<void>;
}

let counter = 0;

/** The real server on a real database (PGlite in memory, or PostgreSQL under TEST_DB=postgres). */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(
    testConfig({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, ...overrides }),
  );
  await app.ready();

  const request: TestApp['request'] = ({ token, headers, ...options }) =>
    app.inject({ ...options, headers: { ...headers, ...(token && { authorization: `Bearer ${token}` }) } });

  const login = async (email: string, password: string) => {
    const response = await request({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email, password },
    });
    if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.body}`);
    return response.json<{ token: string }>().token;
  };

  const adminEmail = overrides.adminEmail ?? ADMIN_EMAIL;
  const adminPassword = overrides.adminPassword ?? ADMIN_PASSWORD;
  const adminToken = await login(adminEmail, adminPassword);
  const adminId = (await request({ method: 'GET', url: '/api/v1/users/me', token: adminToken })).json<{
    id: string;
  }>().id;
  const admin: TestUser = {
    id: adminId,
    email: adminEmail,
    role: 'admin',
    password: adminPassword,
    token: adminToken,
  };

  return {
    app,
    admin,
    request,
    login,
    async createUser(role, email = `${role}${++counter}-${process.pid}@test.local`) {
      const password = `${role}-password`;
      const response = await request({
        method: 'POST',
        url: '/api/v1/users',
        token: admin.token,
        payload: { email, role, password },
      });
      if (response.statusCode !== 201) throw new Error(`create ${role} failed: ${response.body}`);
      const { id } = response.json<{ id: string }>();
      return { id, email, role, password, token: await login(email, password) };
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
