import { z } from 'zod';
import { acceptableText } from '../input-rules';
import { type TranscriptionMessage, transcriptionMessageSchema, transcriptionSchema } from './transcription';

/**
 * The runner API (the product's runner calls, plus the additions the chat screen needs):
 *
 *   POST /api/v1/runner/initialize                 initializeBodySchema -> 201 {sessionId}
 *   GET  /api/v1/runner/{sessionId}                -> RunnerSession
 *   POST /api/v1/runner/{sessionId}/messages       messageBodySchema -> 200 ChatReply
 *   POST /api/v1/runner/{sessionId}/regenerate     (no body) -> 200 ChatReply
 *   POST /api/v1/runner/transcriptions/generate    transcriptionRequestSchema -> 200 Transcription
 *
 * `messages` and `regenerate` stream with `Accept: text/event-stream`: see RUNNER_EVENTS.
 */

export const RUNNER_TEXTS = {
  emptyMessage: 'Message cannot be empty',
  messageTooLong: (max: number) => `Message is too long (at most ${max} characters)`,
  sessionNotFound: 'Session not found',
  leiaRequired: 'Send the LEIA to try: {leia: id} or {spec: {persona, problem, behaviour}}',
  partShape: 'A part is a stored id, {id} or {spec, metadata?}',
  instructorBehaviour: 'Choose a stored behaviour by its id: its content cannot be sent',
  nothingToAnswer: 'There is no message to answer yet',
  emptyReply: 'The language model returned an empty reply',
  experimentContext: 'experimentContext needs experimentId and leiaConfigId',
  activityNotFound: 'The activity or LEIA configuration of this transcription was not found',
} as const;

/** Longest message a user may send: a long pasted paragraph, far below what a model accepts. */
export const MAX_MESSAGE_LENGTH = 20_000;

const id = z.string().trim().min(1);

/**
 * One part of the LEIA to try (resources carry a client-only `edited` flag):
 * - a stored reference: an id string, or an object with `id` and without `edited: true`; loaded
 *   from the database (any content sent with it is ignored, so a LEIA's resolved copies sent back
 *   are never resolved twice);
 * - a raw part: `{spec, metadata?}` without an id, or with `edited: true` (an unsaved wizard edit).
 * A behaviour from a user who may not see behaviour content is always loaded by its id.
 */
export const runnerPartSchema = z.union(
  [
    id,
    z
      .looseObject({
        id: id.optional(),
        edited: z.boolean().optional(),
        apiVersion: z.string().optional(),
        metadata: z.looseObject({ name: z.string().optional(), version: z.string().optional() }).optional(),
        spec: z.record(z.string(), z.unknown()).optional(),
      })
      .refine((part) => part.id !== undefined || part.spec !== undefined, RUNNER_TEXTS.partShape),
  ],
  { error: RUNNER_TEXTS.partShape },
);
export type RunnerPart = z.infer<typeof runnerPartSchema>;

/** Missing parts are reported by the generation engine ('Persona component is missing', ...). */
export const runnerSpecSchema = z.object({
  persona: runnerPartSchema.optional(),
  problem: runnerPartSchema.optional(),
  behaviour: runnerPartSchema.optional(),
});
export type RunnerSpec = z.infer<typeof runnerSpecSchema>;

/** Navigation state of a manual transcription (an activity's LEIA being transcribed). */
export const experimentContextSchema = z.object(
  {
    experimentId: z.uuid(RUNNER_TEXTS.experimentContext),
    leiaConfigId: z.uuid(RUNNER_TEXTS.experimentContext),
  },
  { error: RUNNER_TEXTS.experimentContext },
);
export type ExperimentContext = z.infer<typeof experimentContextSchema>;

/**
 * What to run: `leia` (a stored LEIA's id; wins when both are sent) or `spec` (its three parts).
 * `metadata.name` labels a session of an unsaved LEIA. Other fields of a LEIA object are ignored.
 */
const leiaSourceShape = {
  leia: id.optional(),
  spec: runnerSpecSchema.optional(),
  metadata: z.looseObject({ name: z.string().optional() }).optional(),
};
const hasSource = (body: { leia?: string | undefined; spec?: unknown }) =>
  body.leia !== undefined || body.spec !== undefined;

export const initializeBodySchema = z
  .object({ ...leiaSourceShape, experimentContext: experimentContextSchema.optional() })
  .refine(hasSource, RUNNER_TEXTS.leiaRequired);
export type InitializeBody = z.infer<typeof initializeBodySchema>;

/** POST /runner/transcriptions/generate: the same LEIA source as initialize. */
export const transcriptionRequestSchema = z
  .object(leiaSourceShape)
  .refine(hasSource, RUNNER_TEXTS.leiaRequired);
export type TranscriptionRequest = z.infer<typeof transcriptionRequestSchema>;

export const initializeResponseSchema = z.object({ sessionId: z.string() });
export type InitializeResponse = z.infer<typeof initializeResponseSchema>;

export const messageBodySchema = z.object({
  message: z
    .string({ error: RUNNER_TEXTS.emptyMessage })
    .trim()
    .min(1, RUNNER_TEXTS.emptyMessage)
    .max(MAX_MESSAGE_LENGTH, RUNNER_TEXTS.messageTooLong(MAX_MESSAGE_LENGTH))
    .superRefine(acceptableText('Message')),
});
export type MessageBody = z.infer<typeof messageBodySchema>;

/**
 * A chat message: a transcription message, and `stopped: true` on a reply the user stopped (its
 * text is what had been written by then). A transcription has no such field, so a chat becomes
 * one through `toTranscriptionMessage`, which puts the marker in the text.
 */
export const chatMessageSchema = transcriptionMessageSchema.extend({ stopped: z.literal(true).optional() });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** How a stopped reply is marked wherever it is shown or exported. */
export const STOPPED_MARKER = '(stopped)';

/** A stopped reply's text as it reads: the partial text, then the marker. */
export const stoppedText = (text: string): string => `${text.trimEnd()} ${STOPPED_MARKER}`;

/** A chat message as a transcription message (exports, Save Transcription): the three fields only. */
export const toTranscriptionMessage = ({
  text,
  timestamp,
  isLeia,
  stopped,
}: ChatMessage): TranscriptionMessage => ({
  text: stopped ? stoppedText(text) : text,
  timestamp,
  isLeia,
});

/** The LEIA's reply: `message` is the product's field; `timestamp` is when it was stored (ISO 8601). */
export const chatReplySchema = z.object({ message: z.string(), timestamp: z.string() });
export type ChatReply = z.infer<typeof chatReplySchema>;

export const runnerProviderSchema = z.enum(['simulator', 'openai-compatible']);

/** GET /runner/{sessionId}: enough for a reloaded chat page to resume. */
export const runnerSessionSchema = z.object({
  sessionId: z.string(),
  /** 'simulator' is the offline simulator: the UI labels it plainly, never as a language model. */
  provider: runnerProviderSchema,
  model: z.string(),
  createdAt: z.string(),
  leia: z.object({
    id: z.string().optional(),
    name: z.string().optional(),
    /** The resolved problem's description: the chat's Instructions. */
    problemDescription: z.string(),
    /** The resolved persona's name (fullName, else firstName): who speaks in the chat's bubbles. */
    personaName: z.string().optional(),
  }),
  /** Oldest first. */
  messages: z.array(chatMessageSchema),
  experimentContext: experimentContextSchema.optional(),
});
export type RunnerSession = z.infer<typeof runnerSessionSchema>;

export const transcriptionResponseSchema = transcriptionSchema;

/**
 * Server-sent events of a streamed reply (`Accept: text/event-stream`). Each is
 * `event: <name>\ndata: <JSON>\n\n`:
 * - `delta` {text}: the next piece of the reply, in order; concatenated they make the reply;
 * - `done` ChatReply: the whole reply as stored (last event of a success);
 * - `error` {message, status}: the model failed after the stream had started (last event); status
 *   is the HTTP status the same failure has as a JSON answer (502).
 * A failure before the first delta is an ordinary JSON error response (400, 404, 502), not a stream.
 */
export const RUNNER_EVENTS = { delta: 'delta', done: 'done', error: 'error' } as const;
export const deltaEventSchema = z.object({ text: z.string() });
export const errorEventSchema = z.object({ message: z.string(), status: z.number().int() });
export type RunnerEvent =
  | { event: 'delta'; data: z.infer<typeof deltaEventSchema> }
  | { event: 'done'; data: ChatReply }
  | { event: 'error'; data: z.infer<typeof errorEventSchema> };
