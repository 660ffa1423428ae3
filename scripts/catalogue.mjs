#!/usr/bin/env node
// `npm run catalogue -- import <dir>` / `npm run catalogue -- export <dir>`: runs the TypeScript CLI
// (src/server/catalogue/cli.ts) through tsx, passing the arguments and the exit code through.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'src/server/catalogue/cli.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);
if (result.error) {
  console.error(`catalogue: could not start: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
