import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { exportCatalogue } from './export';
import { importCatalogue } from './import';
import { CatalogueError, loadCatalogueDir } from './load';

/**
 * `npm run catalogue -- import <dir>` / `npm run catalogue -- export <dir>`, against the database the
 * server uses (DATABASE_URL, else PGlite in LEIA_DATA_DIR, default ./data). PGlite allows one process
 * per data folder: stop the server before running this against it.
 *
 * Exit codes: 0 done, 1 the catalogue or the database refused (every problem is printed), 2 usage.
 */
const USAGE = `usage: npm run catalogue -- import <dir>    load a catalogue folder (personas/, problems/, behaviours/, leias/)
       npm run catalogue -- export <dir>    write every resource and LEIA as catalogue YAML into an empty folder`;

async function main(argv: string[]): Promise<number> {
  const [command, target, ...extra] = argv;
  if ((command !== 'import' && command !== 'export') || !target || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const dir = resolve(target);
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    if (command === 'import') {
      const report = await importCatalogue(database.db, await loadCatalogueDir(dir));
      for (const item of report?.created ?? []) console.log(`imported ${item}`);
      for (const item of report?.skipped ?? []) console.log(`skipped  ${item} (already there)`);
      console.log(
        `catalogue: ${report?.created.length ?? 0} imported, ${report?.skipped.length ?? 0} skipped`,
      );
    } else {
      const report = await exportCatalogue(database.db, dir);
      console.log(`catalogue: ${report.files.length} files written to ${dir}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CatalogueError) {
      console.error(`catalogue: nothing was changed.\n${error.message}`);
    } else if (error instanceof ConfigError) {
      console.error(`catalogue: ${error.message}`);
    } else {
      console.error(`catalogue: failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(1);
  },
);
