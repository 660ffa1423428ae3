import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  APICallError,
  InvalidResponseDataError,
  JSONParseError,
  type ModelMessage,
  Output,
  type OutputInterface,
  streamText,
  TypeValidationError,
  zodSchema,
} from 'ai';
import { z } from 'zod';
import { TRANSCRIPTION_WRITER_SYSTEM, transcriptionWriterPrompt } from '../prompt';
import {
  type ChatTurn,
  collectReply,
  type LlmProvider,
  ProviderError,
  type ProviderErrorKind,
} from '../provider';
import { parseTranscriptTurns, toTranscription } from '../transcription';
import { CallGuard, type StopCause } from './call-guard';

export interface OpenAICompatibleConfig {
  /** e.g. http://localhost:11434/v1 (Ollama), https://api.openai.com/v1 */
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  /** Longest wait for the first chunk and between chunks. */
  timeoutMs: number;
  /** Longest a whole call may take; default 5 x timeoutMs (a slow local model writing a long reply). */
  totalTimeoutMs?: number | undefined;
}

/** What the transcription call asks for; timestamps are added by us, not invented by the model. */
const writtenInterviewSchema = z.object({
  messages: z.array(z.object({ text: z.string(), isLeia: z.boolean() })).min(2),
});

interface StreamCall {
  system: string;
  messages: readonly ModelMessage[];
  signal?: AbortSignal | undefined;
  /** Asks the server for JSON that follows this schema (response_format json_schema). */
  jsonSchema?: OutputInterface<string, string, never>;
}

/**
 * Any server speaking the OpenAI chat-completions protocol (Ollama, vLLM, llama.cpp server,
 * LM Studio, OpenAI) through the AI SDK. Every failure leaves as a thrown ProviderError: the SDK
 * reports stream failures as parts rather than exceptions, and retries are off so a dead model
 * fails at once instead of after several silent attempts.
 */
export function createOpenAICompatibleProvider(config: OpenAICompatibleConfig): LlmProvider {
  const chatModel = createOpenAICompatible({
    name: 'leia',
    baseURL: config.baseUrl,
    apiKey: config.apiKey || undefined,
    supportsStructuredOutputs: true,
  }).chatModel(config.model);
  const limits: Limits = {
    baseUrl: config.baseUrl,
    idleMs: config.timeoutMs,
    totalMs: config.totalTimeoutMs ?? config.timeoutMs * 5,
  };

  async function* stream(call: StreamCall): AsyncGenerator<string> {
    const guard = new CallGuard({ ...limits, signal: call.signal });
    let started = false;
    try {
      const result = streamText({
        model: chatModel,
        system: call.system,
        messages: [...call.messages],
        maxRetries: 0,
        abortSignal: guard.signal,
        ...(call.jsonSchema ? { output: call.jsonSchema } : {}),
        // Failures are read from the stream's parts below; the default handler would only log them.
        onError: () => {},
      });
      for await (const part of result.fullStream) {
        guard.touch();
        if (part.type === 'text-delta' && part.text) {
          started = true;
          yield part.text;
        } else if (part.type === 'error') throw part.error;
        else if (part.type === 'abort') break;
      }
      // An abort ends the SDK's stream quietly (an 'abort' part, or none between two parts).
      if (guard.cause) throw new Error('The model call was stopped');
    } catch (error) {
      throw toProviderError(error, { cause: guard.cause, started }, limits);
    } finally {
      guard.release();
    }
  }

  return {
    name: 'openai-compatible',
    model: config.model,
    streamReply: ({ system, history, signal }) =>
      stream({ system, messages: history.map(toModelMessage), signal }),

    async generateTranscription({ system, signal }) {
      const start = new Date();
      const call: StreamCall = {
        system: TRANSCRIPTION_WRITER_SYSTEM,
        messages: [{ role: 'user', content: transcriptionWriterPrompt(system) }],
        signal,
      };
      let reply: string;
      try {
        reply = await collectReply(stream({ ...call, jsonSchema: jsonResponseFormat }));
      } catch (error) {
        // Some servers reject response_format json_schema outright; the prompt alone asks for JSON.
        if (!rejectsResponseFormat(error)) throw error;
        reply = await collectReply(stream(call));
      }
      return toTranscription(parseTranscriptTurns(reply), start);
    },
  };
}

const toModelMessage = (turn: ChatTurn): ModelMessage => ({ role: turn.role, content: turn.content });

/**
 * Sends `response_format: json_schema` but keeps the reply as plain text, so that our tolerant
 * parser (parseTranscriptTurns) reads it, and so the text deltas stream through unchanged;
 * Output.object would drop text it cannot parse as partial JSON (e.g. a code fence).
 */
const jsonResponseFormat: OutputInterface<string, string, never> = {
  ...Output.text(),
  name: 'transcription',
  responseFormat: Promise.resolve(zodSchema(writtenInterviewSchema).jsonSchema).then((schema) => ({
    type: 'json' as const,
    schema,
    name: 'transcription',
  })),
};

const rejectsResponseFormat = (error: unknown) =>
  error instanceof ProviderError &&
  error.kind === 'upstream' &&
  [400, 415, 422, 501].includes(error.status ?? 0);

interface Limits {
  baseUrl: string;
  idleMs: number;
  totalMs: number;
}

/**
 * One clear error per way a call can fail. A stop we caused explains the failure whatever form
 * the SDK gave it; otherwise the SDK's error tells what the server did.
 */
function toProviderError(
  error: unknown,
  call: { cause: StopCause | undefined; started: boolean },
  limits: Limits,
) {
  if (error instanceof ProviderError) return error;
  const fail = (kind: ProviderErrorKind, message: string, status?: number) =>
    new ProviderError(kind, message, { cause: error, ...(status === undefined ? {} : { status }) });
  switch (call.cause) {
    case 'idle':
      return call.started
        ? fail(
            'timeout',
            `The language model went silent for ${seconds(limits.idleMs)} in the middle of its answer`,
          )
        : fail('timeout', `The language model did not start answering within ${seconds(limits.idleMs)}`);
    case 'total':
      return fail(
        'timeout',
        `The language model did not finish its answer within ${seconds(limits.totalMs)}`,
      );
    case 'caller':
    case 'released':
      return fail('aborted', 'The request to the language model was cancelled');
  }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined)
      return fail(
        'unavailable',
        `The language model server at ${limits.baseUrl} could not be reached (${error.message})`,
      );
    // A 2xx "error" is the SDK failing to read a body that had started well: the stream broke.
    if (status < 300) return fail('upstream', CUT_MESSAGE);
    return fail('upstream', `The language model server answered HTTP ${status}: ${error.message}`, status);
  }
  if (InvalidResponseDataError.isInstance(error) || isConnectionCut(error))
    return fail('upstream', CUT_MESSAGE);
  if (JSONParseError.isInstance(error) || TypeValidationError.isInstance(error))
    return fail('upstream', 'The language model sent a malformed chunk in its answer');
  return fail(
    'upstream',
    `The language model call failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}

const CUT_MESSAGE =
  'The language model stopped in the middle of its answer (the stream was cut before it finished)';

/** undici ends a body whose socket closed early with TypeError('terminated'). */
const isConnectionCut = (error: unknown) =>
  error instanceof TypeError &&
  (error.message === 'terminated' || /other side closed|socket/i.test(error.message));

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);
