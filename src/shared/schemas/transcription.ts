import { z } from 'zod';
import { INPUT_TEXTS, parseJsonText } from '../input-rules';

/**
 * A transcription: the messages of one interview with a LEIA. The activity JSON editor, the chat
 * export and the server's transcription routes all validate with this one module, so an error
 * reads the same wherever it is shown.
 */

/** Visible texts. The first three are the product's, verbatim; the others fill its gaps in the same tone. */
export const TRANSCRIPTION_ERRORS = {
  invalidJson: INPUT_TEXTS.invalidJson,
  empty: 'At least one message is required',
  emptyText: 'Message text cannot be empty',
  notArray: 'The transcription must be an array of messages',
  notObject: 'Each message must be an object with text, timestamp and isLeia',
  textRequired: 'Message text is required',
  textType: 'Message text must be a string',
  timestampRequired: 'Timestamp is required',
  timestamp: 'Timestamp must be an ISO date-time such as 2024-01-31T09:30:00Z',
  isLeiaRequired: 'isLeia is required',
  isLeia: 'isLeia must be a boolean',
  unknownField: 'Unknown field; only text, timestamp and isLeia are allowed',
} as const;

/** zod reports a missing key as an invalid_type issue whose input is undefined. */
const missingOr =
  (missing: string, wrong: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? missing : wrong;

export const transcriptionMessageSchema = z.strictObject(
  {
    text: z
      .string({ error: missingOr(TRANSCRIPTION_ERRORS.textRequired, TRANSCRIPTION_ERRORS.textType) })
      .min(1, TRANSCRIPTION_ERRORS.emptyText),
    // Offsets are accepted besides Z: both are ISO 8601 date-times and both are what tools export.
    timestamp: z.iso.datetime({
      offset: true,
      error: missingOr(TRANSCRIPTION_ERRORS.timestampRequired, TRANSCRIPTION_ERRORS.timestamp),
    }),
    isLeia: z.boolean({ error: missingOr(TRANSCRIPTION_ERRORS.isLeiaRequired, TRANSCRIPTION_ERRORS.isLeia) }),
  },
  { error: TRANSCRIPTION_ERRORS.notObject },
);
export type TranscriptionMessage = z.infer<typeof transcriptionMessageSchema>;

export const transcriptionSchema = z
  .array(transcriptionMessageSchema, { error: TRANSCRIPTION_ERRORS.notArray })
  .min(1, TRANSCRIPTION_ERRORS.empty);
export type Transcription = z.infer<typeof transcriptionSchema>;

/** JSON Schema of a transcription, for the JSON editor's hints and the API docs. */
export const transcriptionJsonSchema = z.toJSONSchema(transcriptionSchema);

export type TranscriptionValidation =
  | { ok: true; messages: TranscriptionMessage[] }
  | { ok: false; errors: string[] };

/**
 * Turns zod issues into the product's texts: `Message at index {i}, field "{field}": {message}` for a
 * field of a message, `Message at index {i}: {message}` when the message itself is wrong, and just
 * the message for an array-level error. An unknown field gives one line per extra key.
 */
export function formatTranscriptionIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => {
    const [index, field] = issue.path;
    if (typeof index !== 'number') return [issue.message];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map(
        (key) => `Message at index ${index}, field "${key}": ${TRANSCRIPTION_ERRORS.unknownField}`,
      );
    }
    if (field === undefined) return [`Message at index ${index}: ${issue.message}`];
    return [`Message at index ${index}, field "${String(field)}": ${issue.message}`];
  });
}

/** Validates an already-parsed value (a request body, a generated transcription). */
export function validateTranscription(value: unknown): TranscriptionValidation {
  const result = transcriptionSchema.safeParse(value);
  return result.success
    ? { ok: true, messages: result.data }
    : { ok: false, errors: formatTranscriptionIssues(result.error.issues) };
}

/** Validates the text of the JSON editor (JSON that parses and passes the input rule first). */
export function validateTranscriptionJson(text: string): TranscriptionValidation {
  const parsed = parseJsonText(text);
  return parsed.ok ? validateTranscription(parsed.value) : { ok: false, errors: [parsed.error] };
}
