import { ConfigError, loadConfig } from '@server/config';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: './data',
      adminEmail: 'admin@leia.local',
      tokenTtlSeconds: 8 * 3600,
      llm: { provider: 'simulator', timeoutMs: 60_000 },
      seedCatalogue: true,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@h:5432/db',
      LEIA_DB_POOL_SIZE: '80',
      LEIA_DATA_DIR: '/tmp/x',
      LEIA_ADMIN_EMAIL: 'boss@school.edu',
      LEIA_ADMIN_PASSWORD: 'hunter22',
      LEIA_JWT_SECRET: 's'.repeat(32),
      LEIA_TOKEN_TTL: '30m',
      LEIA_LLM_BASE_URL: 'http://localhost:11434/v1',
      LEIA_LLM_MODEL: 'llama3.2',
      LEIA_LLM_API_KEY: 'k',
      LEIA_LLM_TIMEOUT_MS: '1500',
      LEIA_SEED_CATALOGUE: 'false',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@h:5432/db',
      databasePoolSize: 80,
      dataDir: '/tmp/x',
      adminEmail: 'boss@school.edu',
      adminPassword: 'hunter22',
      tokenTtlSeconds: 1800,
      // A base URL alone selects the OpenAI-compatible provider.
      llm: {
        provider: 'openai-compatible',
        baseUrl: 'http://localhost:11434/v1',
        model: 'llama3.2',
        timeoutMs: 1500,
      },
      seedCatalogue: false,
    });
  });

  it('trusts no proxy unless told: a hop count, or addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ LEIA_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ LEIA_TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ LEIA_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ LEIA_TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1, fd00::/8 ,loopback' }).trustProxy,
    ).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
  });

  it('reads the fair-use limits as uses per window, with defaults', () => {
    expect(loadConfig({}).limits).toEqual({
      chatSessions: { max: 30, windowSeconds: 600 },
      chatReplies: { max: 120, windowSeconds: 600 },
      transcriptions: { max: 20, windowSeconds: 3600 },
      evaluations: { max: 60, windowSeconds: 3600 },
      leakChecks: { max: 10, windowSeconds: 3600 },
      classJoins: { max: 600, windowSeconds: 600 },
      classMessages: { max: 20, windowSeconds: 60 },
    });
    const limits = loadConfig({
      LEIA_LIMIT_CHAT_SESSIONS: '5/1m',
      LEIA_LIMIT_CHAT_MESSAGES: ' 200 / 90 ',
      LEIA_LIMIT_TRANSCRIPTIONS: '3/2h',
      LEIA_LIMIT_EVALUATIONS: '1/1d',
      LEIA_LIMIT_LEAK_CHECKS: '4/30s',
      LEIA_LIMIT_CLASS_JOINS: '50/5m',
      LEIA_LIMIT_CLASS_MESSAGES: '10/1m',
    }).limits;
    expect(limits).toEqual({
      chatSessions: { max: 5, windowSeconds: 60 },
      chatReplies: { max: 200, windowSeconds: 90 },
      transcriptions: { max: 3, windowSeconds: 7200 },
      evaluations: { max: 1, windowSeconds: 86400 },
      leakChecks: { max: 4, windowSeconds: 30 },
      classJoins: { max: 50, windowSeconds: 300 },
      classMessages: { max: 10, windowSeconds: 60 },
    });
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', LEIA_ADMIN_PASSWORD: '  ' })).toMatchObject({
      port: 8080,
      adminPassword: undefined,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid PORT="eighty": /],
    [{ PORT: '70000' }, /^Invalid PORT="70000": /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL="mysql:\/\/x": expected a postgres/],
    [{ LEIA_DB_POOL_SIZE: '0' }, /^Invalid LEIA_DB_POOL_SIZE="0": /],
    [{ LEIA_ADMIN_EMAIL: 'nope' }, /^Invalid LEIA_ADMIN_EMAIL="nope": expected an email address/],
    [{ LEIA_ADMIN_PASSWORD: '123' }, /^Invalid LEIA_ADMIN_PASSWORD="123": must be at least 6 characters/],
    [{ LEIA_JWT_SECRET: 'short' }, /^Invalid LEIA_JWT_SECRET="short": must be at least 32 characters/],
    [{ LEIA_TOKEN_TTL: 'forever' }, /^Invalid LEIA_TOKEN_TTL="forever": expected a duration/],
    [{ LEIA_TOKEN_TTL: '10s' }, /^Invalid LEIA_TOKEN_TTL="10s": must be at least 60 seconds/],
    [{ LEIA_LLM_PROVIDER: 'gpt' }, /^Invalid LEIA_LLM_PROVIDER="gpt": /],
    [{ LEIA_LLM_PROVIDER: 'openai-compatible' }, /^Invalid LEIA_LLM_BASE_URL="": required/],
    [{ LEIA_LLM_BASE_URL: 'not a url' }, /^Invalid LEIA_LLM_BASE_URL="not a url": /],
    [{ LEIA_LLM_BASE_URL: 'http://localhost:11434/v1' }, /^Invalid LEIA_LLM_MODEL="": name the model/],
    [{ LEIA_SEED_CATALOGUE: 'yes' }, /^Invalid LEIA_SEED_CATALOGUE="yes": /],
    [{ LEIA_TRUST_PROXY: 'true' }, /^Invalid LEIA_TRUST_PROXY="true": expected false, a hop count.*"true"/],
    [{ LEIA_TRUST_PROXY: '10.0.0.1, proxy.local' }, /^Invalid LEIA_TRUST_PROXY=.*"proxy.local" is none/],
    [{ LEIA_TRUST_PROXY: '10.0.0.0/33' }, /^Invalid LEIA_TRUST_PROXY="10.0.0.0\/33": /],
    [{ LEIA_LIMIT_CHAT_SESSIONS: '30' }, /^Invalid LEIA_LIMIT_CHAT_SESSIONS="30": expected uses per window/],
    [{ LEIA_LIMIT_CHAT_MESSAGES: '0/1m' }, /^Invalid LEIA_LIMIT_CHAT_MESSAGES="0\/1m": the count must be/],
    [{ LEIA_LIMIT_LEAK_CHECKS: '5/0s' }, /^Invalid LEIA_LIMIT_LEAK_CHECKS="5\/0s": the window must be/],
    [{ LEIA_LIMIT_EVALUATIONS: '5/31d' }, /^Invalid LEIA_LIMIT_EVALUATIONS="5\/31d": the window must be/],
    [{ LEIA_LIMIT_TRANSCRIPTIONS: 'ten/1h' }, /^Invalid LEIA_LIMIT_TRANSCRIPTIONS="ten\/1h": expected uses/],
  ])('stops on %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
