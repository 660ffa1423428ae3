import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/**
 * `node dist/server/main.js` (bundled as main.cjs): runs the server's bundle (server.cjs and its
 * chunks) from V8's code cache. Compiling the 2.7 MB bundle was a third of a cold start's CPU on
 * PostgreSQL (docs/perf-notes.md, issue 28), and Node 20 caches no compiled code of its own
 * (`module.enableCompileCache()` comes with Node 22.1), so each CommonJS file of the project that
 * this thread loads (the bundle, and the packages left out of it, but see `cacheable`) is compiled
 * as Node compiles it, but through `vm.Script` with the cache V8 wrote for it. Each cache is named by its file's content: V8 itself checks only
 * the source's length. A missing or rejected cache (a new build, another Node) is written once the
 * server has run for a while, or when it exits, with the functions compiled by then; where it
 * cannot be written (a read-only folder), the server starts as before, compiling.
 */

type CompiledModule = Module & { require(id: string): unknown; exports: unknown };
interface ModuleInternals {
  prototype: { _compile(content: string, filename: string): unknown };
  wrap(content: string): string;
  _resolveFilename(request: string, parent: Module, isMain: boolean, options?: unknown): string;
  _cache: unknown;
}

const here = __dirname;
const cacheDir = join(here, '.code-cache');
/** The project's root (dist/server's grandparent): its bundle and its node_modules. */
const root = dirname(dirname(here)) + sep;
/** Late enough to hold the functions the start compiled, early enough for a short-lived server. */
const WRITE_AFTER_MS = 10_000;

/**
 * V8 accepts a cache only under the flags it was written with, and its flags are the process's:
 * the PGlite thread sets this one (db/pglite-client.ts) when it opens the database, so a cache
 * written after that was rejected at every start. Set before any cache is read or written; it
 * concerns WebAssembly only, which on this thread is none but fetch's HTTP parser.
 */
setFlagsFromString('--liftoff-only');

const internals = Module as unknown as ModuleInternals;
const mainModule = require.main;
const compileUncached = internals.prototype._compile;
const toWrite: { script: Script; file: string }[] = [];

internals.prototype._compile = function compileCached(this: CompiledModule, content, filename) {
  if (!cacheable(filename, content)) return compileUncached.call(this, content, filename);
  const digest = createHash('sha1').update(content).digest('hex').slice(0, 20);
  const file = join(cacheDir, `${basename(filename)}-${digest}.v8`);
  const cachedData = readCache(file);
  const script = new Script(internals.wrap(content), { filename, cachedData });
  if (!cachedData || script.cachedDataRejected) toWrite.push({ script, file });
  const moduleRequire = Object.assign((id: string) => this.require(id), {
    resolve: (request: string, options?: unknown) =>
      internals._resolveFilename(request, this, false, options),
    main: mainModule,
    cache: internals._cache,
  });
  const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
  return wrapper.call(this.exports, this.exports, moduleRequire, this, filename, dirname(filename));
};

/**
 * The project's CommonJS files, but for those a cache would break: V8's cache keeps the process's
 * own marker for `importModuleDynamically`, so a cached script's import() fails in the next
 * process. The build turns the bundle's import()s into require (vite.server.config.ts); a package
 * that has one (PGlite) is compiled as Node compiles it. A hashbang is valid only at a script's
 * start, not inside Node's wrapper.
 */
const cacheable = (filename: string, content: string): boolean =>
  filename.startsWith(root) &&
  !content.startsWith('#!') &&
  (filename.startsWith(here) || !content.includes('import('));

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCaches(): void {
  const scripts = toWrite.splice(0);
  if (scripts.length === 0) return;
  try {
    mkdirSync(cacheDir, { recursive: true });
    for (const { script, file } of scripts) {
      // Renamed into place: another process starting now reads a whole file or none.
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, script.createCachedData());
      renameSync(partial, file);
    }
  } catch {
    // Not writable: the next start compiles, as it would without a cache.
  }
}

setTimeout(writeCaches, WRITE_AFTER_MS).unref();
process.once('exit', writeCaches);

createRequire(__filename)('./server.cjs');
