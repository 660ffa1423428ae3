#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources (the UI and the server bundle),
// then runs the server: one process on PORT (default 8080) serving the UI and the API.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vite = join(root, 'node_modules', '.bin', 'vite');

/** Newest modification time among the files below these paths. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const path of paths) visit(join(root, path));
  return latest;
}

function ensureBuilt(label, output, sources, args) {
  const target = join(root, output);
  if (existsSync(target) && statSync(target).mtimeMs >= newest(sources)) return;
  console.log(`leia: building the ${label}...`);
  const result = spawnSync(vite, ['build', '--logLevel', 'warn', ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`leia: building the ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

ensureBuilt('UI', 'dist/client/index.html', ['src/client', 'src/shared', 'machines', 'index.html'], []);
ensureBuilt(
  'server',
  'dist/server/main.js',
  ['src/server', 'src/shared'],
  ['--config', 'vite.server.config.ts'],
);
await import(pathToFileURL(join(root, 'dist/server/main.js')).href);
