import { performance } from 'node:perf_hooks';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createProvider } from '@server/runner/providers';
import { streamText } from 'ai';

/**
 * The two ways to stream a reply from an OpenAI-protocol model, measured side by side in one run
 * (README design notes): the AI SDK (`streamText`, as the runner used it), and the runner's own
 * provider. Each is timed and charged the CPU time of this process, which does nothing else
 * while they run (the model is in its own process).
 */

export interface PathFigures {
  /** Median time to the whole reply. */
  ms: number;
  /** CPU time of this process per call. */
  cpuMs: number;
}

type Stream = (message: string) => AsyncIterable<string>;

export function providerPaths(baseUrl: string): Record<'aiSdk' | 'runner', Stream> {
  const model = createOpenAICompatible({ name: 'leia', baseURL: baseUrl }).chatModel('fake');
  const runner = createProvider({ provider: 'openai-compatible', baseUrl, model: 'fake', timeoutMs: 30_000 });
  const leia = { persona: { spec: {} }, problem: { spec: {} }, behaviour: { spec: {} } };
  return {
    aiSdk: (message) =>
      streamText({
        model,
        system: 'You are Ana García.',
        messages: [{ role: 'user', content: message }],
        maxRetries: 0,
        onError: () => {},
      }).textStream,
    runner: (message) =>
      runner.streamReply({
        system: 'You are Ana García.',
        history: [{ role: 'user', content: message }],
        leia,
      }),
  };
}

/** Runs `calls` sequential replies through each path, interleaved so drift hits both alike. */
export async function measurePaths(
  paths: Record<string, Stream>,
  message: string,
  calls: number,
): Promise<Record<string, PathFigures>> {
  const names = Object.keys(paths);
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]]));
  const cpu = Object.fromEntries(names.map((name) => [name, 0]));
  for (let i = 0; i < calls; i++) {
    for (const name of names) {
      const before = process.cpuUsage();
      const start = performance.now();
      let text = '';
      for await (const delta of paths[name]!(message)) text += delta;
      times[name]!.push(performance.now() - start);
      const used = process.cpuUsage(before);
      cpu[name]! += (used.user + used.system) / 1000;
      if (!text) throw new Error(`${name}: empty reply`);
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const sorted = times[name]!.sort((a, b) => a - b);
      return [name, { ms: sorted[Math.floor(sorted.length / 2)]!, cpuMs: cpu[name]! / calls }];
    }),
  );
}
