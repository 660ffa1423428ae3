// Starts the database worker from its TypeScript source (tests, `npm run dev`): Node 20 cannot
// load .ts in a worker thread by itself, and loader flags in a Worker's execArgv are not applied.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
