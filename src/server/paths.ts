import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root, found by walking up to package.json. The same answer whether the server runs
 * from src/ (tsx, tests) or from the bundle in dist/server/.
 */
function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = join(projectRoot, 'src/server/db/migrations');
export const catalogueDir = join(projectRoot, 'src/server/catalogue');
export const clientDistDir = join(projectRoot, 'dist/client');
