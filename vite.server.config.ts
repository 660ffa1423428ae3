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
const EXTERNAL = [
  new RegExp(`^(${builtinModules.join('|')})$`),
  /^node:/,
  ...UNBUNDLED.map((name) => new RegExp(`^${name}(/|$)`)),
];

// Bundles the server into dist/server/server.cjs (and the embedded database's worker thread into
// dist/server/pglite-worker.cjs) so `npm start` runs plain Node. Dependencies are bundled too, but
// for UNBUNDLED: resolving and compiling some 900 modules one file at a time was a third of the
// cold start (docs/perf-notes.md, issue 28). CommonJS, so that src/server/launch.ts (main.cjs) can
// run it from V8's code cache; dist/server/main.js, the command's entry, only loads main.cjs.
const entryStub = {
  name: 'leia-entry-stub',
  generateBundle(this: { emitFile(file: object): void }) {
    this.emitFile({ type: 'asset', fileName: 'main.js', source: "import './main.cjs';\n" });
  },
};
/**
 * pg asks whether it runs in a Cloudflare Worker by making a `Response`, which on Node 20 loads the
 * whole fetch implementation (undici): 5% of a PostgreSQL start's CPU, for a server that makes no
 * fetch at start. The bundle runs on Node only, so pg's Node streams are chosen without asking.
 */
const pgNodeStreams = {
  name: 'leia-pg-node-streams',
  transform(code: string, id: string) {
    if (!/[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/.test(id)) return undefined;
    const asked = '  if (isCloudflareRuntime()) {';
    if (!code.includes(asked)) throw new Error('pg/lib/stream.js changed: review leia-pg-node-streams');
    // A change within one line: the module's source map still holds.
    return { code: code.replace(asked, '  if (false) {'), map: null };
  },
};
/**
 * drizzle's PGlite driver imports PGlite for its type ids and for a constructor this server never
 * calls (it hands drizzle the thread's client): on PostgreSQL that loaded and compiled PGlite's
 * 500 KB on every start, and its import()s keep it out of the code cache (src/server/launch.ts).
 * The driver gets both on first use instead; the database thread loads PGlite itself.
 */
const LAZY_PGLITE = '\0leia-lazy-pglite';
const drizzleImportsPglite = (source: string, importer?: string): boolean =>
  source === '@electric-sql/pglite' &&
  importer !== undefined &&
  /[\\/]drizzle-orm[\\/]pglite[\\/]/.test(importer);
const lazyPgliteForDrizzle = {
  name: 'leia-lazy-pglite-for-drizzle',
  enforce: 'pre' as const,
  resolveId: (source: string, importer?: string) =>
    drizzleImportsPglite(source, importer) ? LAZY_PGLITE : undefined,
  load(id: string) {
    if (id !== LAZY_PGLITE) return undefined;
    return `import { createRequire } from 'node:module';
const load = () => createRequire(__filename)('@electric-sql/pglite');
export const types = new Proxy({}, { get: (_, key) => load().types[key] });
export function PGlite(...args) { return new (load().PGlite)(...args); }
`;
  },
};

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [entryStub, pgNodeStreams, lazyPgliteForDrizzle],
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    sourcemap: true,
    target: 'node20',
    rollupOptions: {
      input: {
        main: 'src/server/launch.ts',
        server: 'src/server/main.ts',
        'pglite-worker': 'src/server/db/pglite-worker.ts',
      },
      output: {
        format: 'cjs',
        dynamicImportInCjs: false,
        entryFileNames: '[name].cjs',
        chunkFileNames: 'assets/[name]-[hash].cjs',
      },
      external: (id: string, importer?: string) =>
        EXTERNAL.some((pattern) => pattern.test(id)) && !drizzleImportsPglite(id, importer),
    },
  },
  ssr: { target: 'node', noExternal: true, external: UNBUNDLED },
});
