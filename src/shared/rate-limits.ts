import { z } from 'zod';

/**
 * Fair-use limits (docs/architecture.md "Fair-use limits"): how many times an account, or a
 * client address, may do something costly within a window. The server answers a use over the
 * allowance 429 with `Retry-After` and this module's text, and puts the figures in the error body's
 * `data`, so every screen says the same thing: what was limited, and when to try again.
 */

export const RATE_LIMITS = [
  'loginFailures',
  'chatSessions',
  'chatReplies',
  'transcriptions',
  'evaluations',
  'leakChecks',
  'classJoins',
  'classMessages',
] as const;
export type RateLimitName = (typeof RATE_LIMITS)[number];

/** What each limit counts, as a sentence names it. */
const COUNTED: Record<RateLimitName, string> = {
  loginFailures: 'failed login attempts',
  chatSessions: 'chat sessions started',
  chatReplies: 'chat messages sent',
  transcriptions: 'transcriptions generated',
  evaluations: 'evaluations',
  leakChecks: 'leak checks started',
  classJoins: 'attempts to join a class session',
  classMessages: 'messages sent in this class session',
};

/** `data` of a 429: which limit, its allowance, and how long until the next use is accepted. */
export const rateLimitedSchema = z.object({
  limit: z.enum(RATE_LIMITS),
  max: z.number().int().min(1),
  windowSeconds: z.number().int().min(1),
  retryAfterSeconds: z.number().int().min(1),
});
export type RateLimited = z.infer<typeof rateLimitedSchema>;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A window: 'minute', '10 minutes', 'hour', '15 minutes'. */
const period = (seconds: number): string => {
  for (const [unit, size] of [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ] as const) {
    if (seconds % size === 0) return seconds === size ? unit : plural(seconds / size, unit);
  }
  return plural(seconds, 'second');
};

/** A wait: seconds up to two minutes, then minutes, rounded up. */
const wait = (seconds: number): string =>
  seconds <= 120 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');

export const RATE_LIMIT_TEXTS = {
  limited: ({ limit, max, windowSeconds, retryAfterSeconds }: RateLimited) =>
    `Too many ${COUNTED[limit]}: at most ${max} per ${period(windowSeconds)}. Try again in ${wait(retryAfterSeconds)}.`,
} as const;

/** The text of a 429's `data`, or undefined when `data` is not a limit's. */
export function rateLimitedText(data: unknown): string | undefined {
  const parsed = rateLimitedSchema.safeParse(data);
  return parsed.success ? RATE_LIMIT_TEXTS.limited(parsed.data) : undefined;
}
