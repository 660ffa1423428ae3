import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@server/app';
import type { Config } from '@server/config';

/**
 * A server in a process of its own (started by server-process.ts with `node --import tsx
 * --expose-gc` and an IPC channel): reads its Config from SERVER_CONFIG, listens on a free port,
 * sends {port}, and answers 'stats' with its memory after a full GC and 'cpu' with its CPU time so
 * far, so a benchmark's figures are the server's alone and not the load generator's or the fake
 * model's.
 */
const config = JSON.parse(process.env.SERVER_CONFIG ?? '{}') as Config;
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as AddressInfo).port });

/** V8's CPU profiler (what --cpu-prof runs), started and stopped on request to cover one phase. */
let profiler: Session | undefined;

process.on('message', async (message: unknown) => {
  if (message === 'profile-start') {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
    await profiler.post('Profiler.start');
    process.send?.({ profiling: true });
  } else if (typeof message === 'object' && message && 'profileStopTo' in message) {
    const { profile } = await profiler!.post('Profiler.stop');
    writeFileSync(String(message.profileStopTo), JSON.stringify(profile));
    profiler!.disconnect();
    process.send?.({ profiled: true });
  } else if (message === 'stats') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ stats: { memory: process.memoryUsage() } });
  } else if (message === 'cpu') {
    process.send?.({ cpu: process.cpuUsage() });
  } else if (message === 'stop') {
    // Open keep-alive connections would hold close() for their timeout.
    app.server.closeAllConnections();
    void app.close().then(() => process.exit(0));
  }
});
