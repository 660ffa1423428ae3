import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * Packages that find files of their own package at run time, so they load from node_modules: PGlite
 * (its WebAssembly, data and extension bundles). The API docs' page is bundled and told where its
 * files are (http/api-docs.ts).
 */
const UNBUNDLED = ['@electric-sql/pglite'];

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
