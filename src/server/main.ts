import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { clientDistDir } from './paths';

/** `npm start`: one process serving the UI and the API. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, { clientDir: clientDistDir });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`leia: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config, {
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

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(
    `leia: listening on http://localhost:${config.port} (database: ${where}; LLM: ${config.llm.provider})`,
  );
}

main().catch((error) => {
  console.error('leia: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
