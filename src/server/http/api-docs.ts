import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../context';

/**
 * The OpenAPI document and its page at /api/docs. The page's files are named by path, not found
 * next to the plugin's own code: the server bundle (vite.server.config.ts) carries the plugin, and
 * its files stay in node_modules.
 */
export async function registerApiDocs(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: { info: { title: 'LEIA Designer API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  const files = join(
    dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')),
    'static',
  );
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    baseDir: files,
    logo: { type: 'image/svg+xml', content: readFileSync(join(files, 'logo.svg')) },
  });
}
