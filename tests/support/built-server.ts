import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the UI and the server bundle when either is missing (benchmarks and e2e use the build). */
export function ensureBuild(): void {
  if (existsSync(join(root, 'dist/client/index.html')) && existsSync(join(root, 'dist/server/main.js')))
    return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the server printed, for debugging a failed run. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The built server (dist/server/main.js) in its own process, as `npm start` runs it. Resolves
 * once GET /api/health answers 200.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<RunningServer> {
  const port = Number(env.PORT) || (await freePort());
  let output = '';
  const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { ...process.env, LEIA_LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  await waitForHealth(url, timeoutMs, () => child.exitCode !== null).catch(async (error) => {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  });
  return { url, port, process: child, output: () => output, stop };
}

export async function waitForHealth(url: string, timeoutMs: number, gaveUp: () => boolean = () => false) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gaveUp()) throw new Error('server exited before it became healthy');
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}
