import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

// Vitest runs one file at a time per core less one: on CI's two cores, one file at a time, while
// most files spend their time waiting on a server, a database or a browser. Four at once keep both
// cores busy (docs/architecture.md "Tests"); LEIA_TEST_WORKERS overrides it.
const unitWorkers = Number(process.env.LEIA_TEST_WORKERS) || Math.max(4, availableParallelism());

// One config for the client build and every vitest project. The server bundle has its own
// config (vite.server.config.ts). Aliases come from tsconfig.json's "paths".
export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // React Server Components markers in cmdk/sonner/radix mean nothing in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  test: {
    globals: true,
    maxWorkers: unitWorkers,
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['tests/shared/**/*.test.ts'],
          environment: 'node',
          // The labelled and property sets grade hundreds of texts: a second alone, five beside
          // other files on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.ts'],
          environment: 'node',
          // The model-based (xstate/graph) walks are CPU-bound: seconds when the machine is busy.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // What only PostgreSQL can do (two server processes on one database) runs in server-pg.
          exclude: ['tests/server/**/*.postgres.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          // A test that starts its own databases (restarts, threads) waits that long on a busy machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(hasPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-pg',
                include: ['tests/server/**/*.test.ts'],
                // The embedded database's own thread has nothing to do with PostgreSQL.
                exclude: ['tests/server/pglite-thread.test.ts'],
                environment: 'node' as const,
                env: { TEST_DB: 'postgres' },
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/ui/setup.ts'],
          // jsdom renders of a whole screen take a second on a quiet machine and over five with
          // other work on both cores: the limit leaves room for that (tests wait for states).
          testTimeout: 20_000,
          // Its ESM build imports files without extensions, which only a bundler resolves.
          server: { deps: { inline: ['codemirror-json-schema'] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: ['tests/e2e/code-cache.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file has its own server, database and browser: two files at once.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // Empties and reads the built server's one code-cache folder, which every other started
          // server writes to: alone, after the other browser files.
          name: 'e2e-code-cache',
          include: ['tests/e2e/code-cache.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
