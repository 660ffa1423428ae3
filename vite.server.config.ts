import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * Packages left to load from node_modules: PGlite, which finds files of its own package at run time
 * (its WebAssembly, data and extension bundles); and what Fastify requires only when asked, never
 * by this server's start: its default schema compilers (app.ts gives zod's instead) and inject
 * (tests). Left out, they are not parsed at every start (a fifth of the bundle). The API docs'
 * page is bundled and told where its files are (http/api-docs.ts).
 */
const UNBUNDLED = [
  '@electric-sql/pglite',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'light-my-request',
];

// Bundles the server into dist/server/main.js (and the embedded database's worker thread into
// dist/server/pglite-worker.js) so `npm start` runs plain Node. Dependencies are bundled too, but
// for UNBUNDLED: resolving and compiling some 900 modules one file at a time was a third of the
// cold start (docs/perf-notes.md, issue 28).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    sourcemap: true,
    target: 'node20',
    rollupOptions: {
      input: { main: 'src/server/main.ts', 'pglite-worker': 'src/server/db/pglite-worker.ts' },
      output: { entryFileNames: '[name].js' },
      external: [...builtinModules, /^node:/, ...UNBUNDLED.map((name) => new RegExp(`^${name}(/|$)`))],
    },
  },
  ssr: { target: 'node', noExternal: true, external: UNBUNDLED },
});
