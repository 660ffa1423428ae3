import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../context';

/**
 * Serves the built UI. Hashed assets are cached for a year; index.html never, so a deploy is seen
 * at once. Returns whether a UI is served (the not-found handler then answers page paths with it).
 */
export async function registerStaticClient(app: App, clientDir: string | undefined): Promise<boolean> {
  if (!clientDir || !existsSync(join(clientDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}
