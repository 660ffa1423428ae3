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
import { errorOf, HttpStatusError, ProtocolError, postChat, readDeltas, TruncatedError } from './openai-wire';

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

/** Asks the server for JSON that follows the schema; the reply is still read as text (parseTranscriptTurns). */
const jsonResponseFormat = {
  type: 'json_schema',
  json_schema: { name: 'transcription', schema: z.toJSONSchema(writtenInterviewSchema) },
} as const;

interface StreamCall {
  system: string;
  messages: readonly ChatTurn[];
  signal?: AbortSignal | undefined;
  responseFormat?: typeof jsonResponseFormat;
}

/**
 * Any server speaking the OpenAI chat-completions protocol (Ollama, vLLM, llama.cpp server,
 * LM Studio, OpenAI), streamed by our own small client (openai-wire.ts): the runner's hot path
 * pays for forwarding the stream and nothing else. Every failure leaves as a thrown ProviderError,
 * and nothing is retried, so a dead model fails at once instead of after several silent attempts.
 */
export function createOpenAICompatibleProvider(config: OpenAICompatibleConfig): LlmProvider {
  const endpoint = { baseUrl: config.baseUrl, apiKey: config.apiKey || undefined };
  const limits: Limits = {
    baseUrl: config.baseUrl,
    idleMs: config.timeoutMs,
    totalMs: config.totalTimeoutMs ?? config.timeoutMs * 5,
  };

  async function* stream(call: StreamCall): AsyncGenerator<string> {
    const guard = new CallGuard({ ...limits, signal: call.signal });
    let started = false;
    let responded = false;
    try {
      if (guard.cause) throw new Error('The model call was stopped');
      const body = JSON.stringify({
        model: config.model,
        stream: true,
        messages: [{ role: 'system', content: call.system }, ...call.messages],
        ...(call.responseFormat && { response_format: call.responseFormat }),
      });
      const response = await postChat(endpoint, body, guard.signal);
      responded = true;
      guard.touch();
      if ((response.statusCode ?? 0) >= 300) throw await errorOf(response);
      for await (const delta of readDeltas(response, () => guard.touch())) {
        started = true;
        yield delta;
      }
      guard.finished();
    } catch (error) {
      throw toProviderError(error, { cause: guard.cause, started, responded }, limits);
    } finally {
      guard.release();
    }
  }

  return {
    name: 'openai-compatible',
    model: config.model,
    streamReply: ({ system, history, signal }) => stream({ system, messages: history, signal }),

    async generateTranscription({ system, signal }) {
      const start = new Date();
      const call: StreamCall = {
        system: TRANSCRIPTION_WRITER_SYSTEM,
        messages: [{ role: 'user', content: transcriptionWriterPrompt(system) }],
        signal,
      };
      let reply: string;
      try {
        reply = await collectReply(stream({ ...call, responseFormat: jsonResponseFormat }));
      } catch (error) {
        // Some servers reject response_format json_schema outright; the prompt alone asks for JSON.
        if (!rejectsResponseFormat(error)) throw error;
        reply = await collectReply(stream(call));
      }
      return toTranscription(parseTranscriptTurns(reply), start);
    },
  };
}

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
 * it took; otherwise what the server did: an HTTP error, a broken or cut stream once it had
 * answered, or no answer at all (refused, reset, DNS).
 */
function toProviderError(
  error: unknown,
  call: { cause: StopCause | undefined; started: boolean; responded: boolean },
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
    case 'finished':
      return fail('aborted', 'The request to the language model was cancelled');
  }
  if (error instanceof HttpStatusError)
    return fail(
      'upstream',
      `The language model server answered HTTP ${error.status}: ${error.message}`,
      error.status,
    );
  if (error instanceof ProtocolError) return fail('upstream', error.message);
  if (error instanceof TruncatedError || call.responded) return fail('upstream', CUT_MESSAGE);
  return fail(
    'unavailable',
    `The language model server at ${limits.baseUrl} could not be reached (${error instanceof Error ? error.message : String(error)})`,
  );
}

const CUT_MESSAGE =
  'The language model stopped in the middle of its answer (the stream was cut before it finished)';

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);
