import { EVALUATION_TEXTS, type EvaluationMethod } from '@shared/schemas/evaluation';
import type { z } from 'zod';
import { badRequest } from '../errors';
import type { ChatTurn } from '../runner/provider';
import type { ProviderConfig } from '../runner/providers';
import { CallGuard } from '../runner/providers/call-guard';

/**
 * The evaluation's own calls to a connected model, beside the runner's chat provider (which
 * streams replies): a structured answer for the judge (the AI SDK's object generation with a zod
 * schema) and one whole message for a simulated student. Both wait for the complete answer, so
 * one limit bounds the whole call; failures leave as a ModelCallError saying what happened.
 */

export type ModelFailure = 'aborted' | 'failed' | 'malformed';

export class ModelCallError extends Error {
  override readonly name = 'ModelCallError';
  constructor(
    readonly kind: ModelFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface EvaluationModel {
  readonly model: string;
  /** An answer that parses with `schema`, or a ModelCallError ('malformed' when it does not). */
  object<T>(call: {
    name: string;
    system: string;
    prompt: string;
    schema: z.ZodType<T>;
    signal?: AbortSignal;
  }): Promise<T>;
  /** One whole message. */
  text(call: { system: string; messages: readonly ChatTurn[]; signal?: AbortSignal }): Promise<string>;
}

/**
 * The model that is to judge: the connected one, unless the offline method is asked for. Asking
 * for a judge with no model connected is a 400.
 */
export function judgeFor(options: {
  model?: EvaluationModel | undefined;
  method?: EvaluationMethod | undefined;
}): EvaluationModel | undefined {
  const method = options.method ?? (options.model ? 'judge' : 'offline');
  if (method === 'judge' && !options.model)
    throw badRequest(EVALUATION_TEXTS.judgeUnavailable, { method: EVALUATION_TEXTS.judgeUnavailable });
  return method === 'judge' ? options.model : undefined;
}

/**
 * A judge's answer, or, when the judge fails or answers something unusable, the offline result
 * given why (`unreadable` when the failure says nothing). Only the caller going away stops it.
 */
export async function judgedOrOffline<T>(
  judged: () => Promise<T>,
  offline: (reason: string) => T,
  options: { signal?: AbortSignal | undefined; unreadable: string },
): Promise<T> {
  try {
    return await judged();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return offline(error instanceof ModelCallError ? error.message : options.unreadable);
  }
}

/** A judge reads a whole conversation and writes a long answer: more time than a chat reply. */
const CALL_TIMEOUTS = 5;

type Sdk = typeof import('ai');
type ChatModel = ReturnType<
  ReturnType<typeof import('@ai-sdk/openai-compatible').createOpenAICompatible>['chatModel']
>;

/** The connected model, or undefined when the offline simulator stands in for one. */
export function createEvaluationModel(config: ProviderConfig): EvaluationModel | undefined {
  if (config.provider !== 'openai-compatible' || !config.baseUrl || !config.model) return undefined;
  const { baseUrl, model, apiKey } = config;
  const limitMs = config.totalTimeoutMs ?? config.timeoutMs * CALL_TIMEOUTS;
  /**
   * The AI SDK, loaded on the first call: it is a seventh of the server's code and only evaluations
   * with a connected model use it, so the server starts without it (issue 28).
   */
  let loaded: Promise<{ ai: Sdk; chatModel: ChatModel }> | undefined;
  const load = () => {
    loaded ??= Promise.all([import('ai'), import('@ai-sdk/openai-compatible')]).then(([ai, compatible]) => ({
      ai,
      chatModel: compatible
        .createOpenAICompatible({
          name: 'leia',
          baseURL: baseUrl,
          apiKey: apiKey || undefined,
          supportsStructuredOutputs: true,
        })
        .chatModel(model),
    }));
    return loaded;
  };

  async function call<T>(
    signal: AbortSignal | undefined,
    run: (ai: Sdk, chatModel: ChatModel, abortSignal: AbortSignal) => Promise<T>,
  ) {
    const { ai, chatModel } = await load();
    const guard = new CallGuard({ idleMs: limitMs, totalMs: limitMs, signal });
    try {
      return await run(ai, chatModel, guard.signal);
    } catch (error) {
      throw failure(ai, error, guard.cause, limitMs, baseUrl);
    } finally {
      guard.release();
    }
  }

  return {
    model,
    object: ({ name, system, prompt, schema, signal }) =>
      call(signal, async ({ generateText, Output }, chatModel, abortSignal) => {
        const result = await generateText({
          model: chatModel,
          system,
          prompt,
          output: Output.object({ schema, name }),
          maxRetries: 0,
          abortSignal,
        });
        return result.output as z.infer<typeof schema>;
      }),
    text: ({ system, messages, signal }) =>
      call(signal, async ({ generateText }, chatModel, abortSignal) => {
        const result = await generateText({
          model: chatModel,
          system,
          messages: messages.map((turn) => ({ role: turn.role, content: turn.content })),
          maxRetries: 0,
          abortSignal,
        });
        return result.text;
      }),
  };
}

function failure(
  { NoObjectGeneratedError, APICallError }: Sdk,
  error: unknown,
  cause: CallGuard['cause'],
  limitMs: number,
  baseUrl: string,
): ModelCallError {
  if (error instanceof ModelCallError) return error;
  const fail = (kind: ModelFailure, message: string) => new ModelCallError(kind, message, { cause: error });
  if (cause === 'caller') return fail('aborted', 'the request to the language model was cancelled');
  if (cause === 'idle' || cause === 'total') {
    return fail('failed', `the language model did not answer within ${seconds(limitMs)}`);
  }
  if (NoObjectGeneratedError.isInstance(error)) {
    return fail('malformed', 'its answer was not the JSON asked for');
  }
  if (APICallError.isInstance(error)) {
    return error.statusCode === undefined
      ? fail('failed', `the language model server at ${baseUrl} could not be reached`)
      : fail('failed', `the language model server answered HTTP ${error.statusCode}`);
  }
  return fail(
    'failed',
    `the language model call failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);
