import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../../support/built-server';
import type { FakeReply } from '../../support/fake-openai';

/**
 * The runner benchmark's model: the loopback fake OpenAI server in a process of its own (so neither
 * the server's nor the load generator's CPU figures include it), answering after a fixed delay.
 * Each message says which reply it wants, so one model serves every phase:
 * `[200x20ms] question` is a reply of 200 chunks, one token each, 20 ms apart (50 tokens/s);
 * `[200x0ms]` streams them as fast as it can; a message without a prefix gets the 3-chunk reply.
 */

export const MODEL_DELAY_MS = 20;
/** The short reply: three chunks, as a small model answering a greeting. */
export const SHORT_REPLY = [
  'Good morning! I run the bakery,',
  ' and we take custom cake orders',
  ' by phone.',
];
const WORDS = ['cake', 'order', 'phone', 'paper', 'customer', 'pickup', 'date', 'oven', 'flour', 'sugar'];

export interface ReplyShape {
  chunks: number;
  paceMs: number;
}

/** The message asking for a reply of that shape. */
export const askFor = (shape: ReplyShape, question: string): string =>
  `[${shape.chunks}x${shape.paceMs}ms] ${question}`;

/** The reply's chunks: `n` one-token chunks (a word and its space). */
export const longReplyChunks = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => `${i === 0 ? '' : ' '}${WORDS[i % WORDS.length]}`);

export function replyFor(message: string): FakeReply {
  const shape = /^\[(\d+)x(\d+)ms\]/.exec(message);
  if (!shape) return { kind: 'reply', text: SHORT_REPLY.join(''), chunks: SHORT_REPLY };
  const chunks = longReplyChunks(Number(shape[1]));
  return { kind: 'reply', text: chunks.join(''), chunks, chunkDelayMs: Number(shape[2]) };
}

export interface ModelProcess {
  /** Base URL, ending in /v1. */
  url: string;
  stop(): Promise<void>;
}

export async function startModelProcess(): Promise<ModelProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'tests/bench/support/paced-model-main.ts')],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve(message.url));
    void exited.then(() => reject(new Error('the model process exited')));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
