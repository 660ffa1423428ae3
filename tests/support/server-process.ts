import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Config } from '@server/config';
import { root } from './built-server';

/**
 * The server from source (tsx, no build needed) in a child process, for benchmarks and for tests
 * that need several server processes on one database. Its memory and CPU figures are its own.
 */
export interface ServerProcess {
  url: string;
  /** Memory after a full GC. */
  stats(): Promise<ServerStats>;
  /**
   * CPU time so far (all threads). Apart from stats(): the full GC it forces costs 30 to 40 ms of
   * CPU, which a CPU figure per message must not include.
   */
  cpu(): Promise<NodeJS.CpuUsage>;
  /** Starts V8's CPU profiler in the server; `stop` writes the profile (.cpuprofile) to `file`. */
  profile(): Promise<{ stop(file: string): Promise<void> }>;
  stop(): Promise<void>;
}

export interface ServerStats {
  memory: NodeJS.MemoryUsage;
}

export interface ServerProcessOptions {
  /** Writes a V8 CPU profile (node --cpu-prof) into this folder when the process stops. */
  cpuProfileDir?: string;
  /** Another main module speaking the same IPC (tests/bench/support/bare-runner-main.ts). */
  main?: string;
  /** Extra environment for the process. */
  env?: Record<string, string>;
}

export async function startServerProcess(
  config: Config,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...profile,
      '--import',
      'tsx',
      '--expose-gc',
      options.main ?? join(root, 'tests/support/server-process-main.ts'),
    ],
    {
      cwd: root,
      env: { ...process.env, ...options.env, SERVER_CONFIG: JSON.stringify(config) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const next = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (!(key in message)) return;
        child.off('message', onMessage);
        resolve(message[key] as T);
      };
      child.on('message', onMessage);
      void exited.then((code) => reject(new Error(`server process exited (${code})`)));
    });
  const port = await next<number>('port');
  return {
    url: `http://127.0.0.1:${port}`,
    stats() {
      const stats = next<ServerStats>('stats');
      child.send('stats');
      return stats;
    },
    cpu() {
      const cpu = next<NodeJS.CpuUsage>('cpu');
      child.send('cpu');
      return cpu;
    },
    async profile() {
      const started = next<boolean>('profiling');
      child.send('profile-start');
      await started;
      return {
        async stop(file: string) {
          const written = next<boolean>('profiled');
          child.send({ profileStopTo: file });
          await written;
        },
      };
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
