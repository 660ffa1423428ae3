import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// Bundles the server into dist/server/main.js so `npm start` runs plain Node (fast cold start).
// Dependencies stay external and load from node_modules.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    sourcemap: true,
    target: 'node20',
    rollupOptions: { external: [...builtinModules, /^node:/] },
  },
  ssr: { target: 'node' },
});
