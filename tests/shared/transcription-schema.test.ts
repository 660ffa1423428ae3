import {
  TRANSCRIPTION_ERRORS,
  transcriptionJsonSchema,
  validateTranscription,
  validateTranscriptionJson,
} from '@shared/schemas/transcription';

const message = (over: Record<string, unknown> = {}) => ({
  text: 'Hello',
  timestamp: '2024-03-01T10:00:00Z',
  isLeia: false,
  ...over,
});
const json = (value: unknown) => JSON.stringify(value);

describe('validateTranscriptionJson', () => {
  it('accepts a valid transcription and returns its messages', () => {
    const messages = [message(), message({ text: 'Hi, I am Ana.', isLeia: true })];
    expect(validateTranscriptionJson(json(messages))).toEqual({ ok: true, messages });
  });

  it('accepts fractional seconds and UTC offsets', () => {
    const result = validateTranscriptionJson(
      json([
        message({ timestamp: '2024-03-01T10:00:00.123Z' }),
        message({ timestamp: '2024-03-01T10:00:00+02:00' }),
      ]),
    );
    expect(result.ok).toBe(true);
  });

  it("gives 'Invalid JSON format' for text that is not JSON, with where and what", () => {
    expect(validateTranscriptionJson('[{"text": "unterminated')).toEqual({
      ok: false,
      errors: ['Invalid JSON format (line 1, column 11: this text is not closed with a double quote)'],
    });
  });

  it('gives the array-level message alone for an empty array', () => {
    expect(validateTranscriptionJson('[]')).toEqual({
      ok: false,
      errors: ['At least one message is required'],
    });
  });

  it('rejects a value that is not an array', () => {
    expect(validateTranscriptionJson(json({ messages: [message()] }))).toEqual({
      ok: false,
      errors: [TRANSCRIPTION_ERRORS.notArray],
    });
  });

  it('formats per-message errors with index and field', () => {
    const result = validateTranscriptionJson(
      json([message(), message({ text: '', timestamp: 'yesterday', isLeia: 'yes' })]),
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        'Message at index 1, field "text": Message text cannot be empty',
        `Message at index 1, field "timestamp": ${TRANSCRIPTION_ERRORS.timestamp}`,
        `Message at index 1, field "isLeia": ${TRANSCRIPTION_ERRORS.isLeia}`,
      ],
    });
  });

  it('requires text, timestamp and isLeia', () => {
    const result = validateTranscriptionJson('[{}]');
    expect(result).toEqual({
      ok: false,
      errors: [
        `Message at index 0, field "text": ${TRANSCRIPTION_ERRORS.textRequired}`,
        `Message at index 0, field "timestamp": ${TRANSCRIPTION_ERRORS.timestampRequired}`,
        `Message at index 0, field "isLeia": ${TRANSCRIPTION_ERRORS.isLeiaRequired}`,
      ],
    });
  });

  it('forbids extra properties, naming each one', () => {
    const result = validateTranscriptionJson(json([message({ speaker: 'me', mood: 'calm' })]));
    expect(result).toEqual({
      ok: false,
      errors: [
        `Message at index 0, field "speaker": ${TRANSCRIPTION_ERRORS.unknownField}`,
        `Message at index 0, field "mood": ${TRANSCRIPTION_ERRORS.unknownField}`,
      ],
    });
  });

  it('reports a message that is not an object without a field', () => {
    expect(validateTranscriptionJson('["hello"]')).toEqual({
      ok: false,
      errors: [`Message at index 0: ${TRANSCRIPTION_ERRORS.notObject}`],
    });
  });

  it('rejects a timestamp without a time zone', () => {
    expect(validateTranscription([message({ timestamp: '2024-03-01T10:00:00' })]).ok).toBe(false);
  });
});

describe('transcriptionJsonSchema', () => {
  it('describes a non-empty array of closed message objects', () => {
    expect(transcriptionJsonSchema).toMatchObject({
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['text', 'timestamp', 'isLeia'],
        additionalProperties: false,
        properties: {
          text: { type: 'string', minLength: 1 },
          timestamp: { type: 'string', format: 'date-time' },
          isLeia: { type: 'boolean' },
        },
      },
    });
  });
});
