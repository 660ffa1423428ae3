import type { LlmProvider, ProviderName } from '../provider';
import { createSimulatorProvider } from '../simulator';
import { createOpenAICompatibleProvider } from './openai-compatible';

/** What the server's config module reads from LEIA_LLM_* (README "Configuration"). */
export interface ProviderConfig {
  provider: ProviderName;
  baseUrl?: string | undefined;
  model?: string | undefined;
  apiKey?: string | undefined;
  /** Longest wait for the model's first chunk and between chunks (default 60 000 in config). */
  timeoutMs: number;
  /** Longest a whole call may take; default 5 x timeoutMs. */
  totalTimeoutMs?: number | undefined;
  /** Simulator only: pause between streamed chunks, for demos. */
  chunkDelayMs?: number | undefined;
}

export function createProvider(config: ProviderConfig): LlmProvider {
  if (config.provider === 'simulator')
    return createSimulatorProvider({ chunkDelayMs: config.chunkDelayMs ?? 0 });
  // The config module validates env first; these guard other callers with the same wording.
  if (!config.baseUrl)
    throw new Error('LEIA_LLM_BASE_URL is required when LEIA_LLM_PROVIDER is openai-compatible');
  if (!config.model)
    throw new Error('LEIA_LLM_MODEL is required when LEIA_LLM_PROVIDER is openai-compatible');
  return createOpenAICompatibleProvider({
    baseUrl: config.baseUrl,
    model: config.model,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    totalTimeoutMs: config.totalTimeoutMs,
  });
}

export type { LlmProvider, ProviderName } from '../provider';
