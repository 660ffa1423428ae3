import { rateLimitedText } from '@shared/rate-limits';

/**
 * What an invoked IO actor rejects with. The app's actors turn transport errors (ofetch's
 * FetchError) into this plain shape, so machines can apply the message rules below without
 * knowing the HTTP client.
 */
export interface Failure {
  /** HTTP status; absent when no response arrived (network error, abort). */
  status?: number;
  /** The server's `message`, when it sent one. */
  message?: string;
  /** Field path -> message, on a 400 with invalid input. */
  validationErrors?: Record<string, string>;
  /** Structured detail, e.g. the dependents of an in-use conflict. */
  data?: unknown;
}

const asFailure = (error: unknown): Failure =>
  typeof error === 'object' && error !== null ? (error as Failure) : {};

export const failureStatus = (error: unknown): number | undefined => asFailure(error).status;

/**
 * A fair-use limit's 429 as the shared text says it ('Too many chat messages sent: at most 120 per
 * 10 minutes. Try again in 42 seconds.'); undefined for any other failure. Every flow that calls a
 * limited route shows this rather than its generic failure text.
 */
export const failureLimitText = (error: unknown): string | undefined => {
  const failure = asFailure(error);
  return failure.status === 429 ? rateLimitedText(failure.data) : undefined;
};

/** A limit's text, else the server's message when there is one, else the flow's default text. */
export const failureMessage = (error: unknown, fallback: string): string => {
  const { message } = asFailure(error);
  const limited = failureLimitText(error);
  if (limited) return limited;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
};

/** The validation texts joined with ', ', or '' when there are none. */
export const failureValidationText = (error: unknown): string =>
  Object.values(asFailure(error).validationErrors ?? {})
    .filter((text) => typeof text === 'string' && text !== '')
    .join(', ');

/**
 * The server's message only for the statuses a flow trusts it on (e.g. 404 and 409: "not found",
 * "published"), a limit's text on a 429, else the flow's default text.
 */
export const failureMessageFor = (error: unknown, statuses: readonly number[], fallback: string): string => {
  const status = failureStatus(error);
  const trusted = status !== undefined && statuses.includes(status);
  return trusted ? failureMessage(error, fallback) : (failureLimitText(error) ?? fallback);
};
