/**
 * How much conversation one evaluation reads. Offline evaluation is synchronous work on the
 * server's event loop that grows with the messages and their length (times the solution's
 * elements), so it is bounded: well above a long chat (a few hundred messages), well below what
 * would hold the server for long (5,000 messages, 1 MB, took about 0.7 s).
 */
export const EVALUATION_LIMITS = { messages: 1_000, characters: 300_000 } as const;

export const EVALUATION_LIMIT_TEXTS = {
  messages: (count: number) =>
    `A conversation of at most ${EVALUATION_LIMITS.messages.toLocaleString('en-US')} messages can be evaluated; this one has ${count.toLocaleString('en-US')}`,
  characters: (count: number) =>
    `A conversation of at most ${EVALUATION_LIMITS.characters.toLocaleString('en-US')} characters can be evaluated; this one has ${count.toLocaleString('en-US')}`,
} as const;

/** Why these messages are too many or too long to evaluate, or null when they are not. */
export function evaluationSizeProblem(messages: readonly { text: string }[]): string | null {
  if (messages.length > EVALUATION_LIMITS.messages) return EVALUATION_LIMIT_TEXTS.messages(messages.length);
  let characters = 0;
  for (const message of messages) characters += message.text.length;
  return characters > EVALUATION_LIMITS.characters ? EVALUATION_LIMIT_TEXTS.characters(characters) : null;
}
