import { type Config, ConfigError, loadConfig } from './config';
import { startDatabase } from './db/client';
import { clientDistDir } from './paths';
import { createStartupClock } from './startup-clock';

/** `npm start`: one process serving the UI and the API. */
async function main(): Promise<void> {
  const clock = createStartupClock();
  clock.record('node started, main module loaded', 0);
  const config = readConfig();
  // Booting the database (PGlite compiles its WebAssembly and opens the data dir) runs while the
  // rest of the server's modules load: the two together are most of the cold start.
  const database = startDatabase(config, clock);
  const { buildApp } = await clock.time('server modules loaded', () => import('./app'));

  const app = await buildApp(config, {
    database,
    clock,
    onFirstAdmin(email, generatedPassword) {
      console.log(`\nleia: created the first admin ${email}`);
      if (generatedPassword) {
        console.log(
          `leia: its password is ${generatedPassword}  (shown once; set LEIA_ADMIN_PASSWORD to choose it)\n`,
        );
      }
    },
  });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await clock.time('listening', () => app.listen({ port: config.port, host: config.host }));
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(
    `leia: listening on http://localhost:${config.port} (database: ${where}; LLM: ${config.llm.provider})`,
  );
}

function readConfig(): Config {
  try {
    return loadConfig(process.env, { clientDir: clientDistDir });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`leia: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

main().catch((error) => {
  console.error('leia: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
