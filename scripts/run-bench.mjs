// One benchmark file in its own process (started by scripts/bench.mjs with tsx loaded): runs it and
// prints its rows on one line for the parent to collect.
import { pathToFileURL } from 'node:url';

const { run } = await import(pathToFileURL(process.argv[2]).href);
console.log(`BENCH_ROWS ${JSON.stringify(await run())}`);
