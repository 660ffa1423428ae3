import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../context';

/**
 * Serves the built UI. Hashed assets are cached for a year; index.html never, so a deploy is seen
 * at once. Returns whether a UI is served (the not-found handler then answers page paths with it).
 * One wildcard route looks files up when asked: a route per file meant listing the folder at
 * every start (a tenth of it, issue 28); a missing file goes to the not-found handler either way.
 */
export async function registerStaticClient(app: App, clientDir: string | undefined): Promise<boolean> {
  if (!clientDir || !existsSync(join(clientDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    // A folder is no file to send ('/' is a page path): the not-found handler answers it.
    allowedPath: (path) => !path.endsWith('/'),
    setHeaders(res, path) {
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}
