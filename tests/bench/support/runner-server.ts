import type { AddressInfo } from 'node:net';
import { buildApp } from '@server/app';
import type { Config } from '@server/config';

/**
 * The server for the runner benchmark, in a process of its own (started by runner.bench.ts with
 * `node --import tsx --expose-gc` and an IPC channel): reads its Config from BENCH_CONFIG, listens
 * on a free port, sends {port}, and answers 'stats' with its memory after a full GC and its CPU
 * time so far, so the figures are the server's alone and not the load generator's or the fake
 * model's.
 */
const config = JSON.parse(process.env.BENCH_CONFIG ?? '{}') as Config;
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as AddressInfo).port });

process.on('message', (message) => {
  if (message === 'stats') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ stats: { memory: process.memoryUsage(), cpu: process.cpuUsage() } });
  } else if (message === 'stop') {
    void app.close().then(() => process.exit(0));
  }
});
