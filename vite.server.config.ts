import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// Bundles the server into dist/server/main.js (and the embedded database's worker thread into
// dist/server/pglite-worker.js) so `npm start` runs plain Node (fast cold start). Dependencies
// stay external and load from node_modules.
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
      external: [...builtinModules, /^node:/],
    },
  },
  ssr: { target: 'node' },
});
