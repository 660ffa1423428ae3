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

/** The server's message when there is one, else the flow's default text. */
export const failureMessage = (error: unknown, fallback: string): string => {
  const { message } = asFailure(error);
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
};

/** The validation texts joined with ', ', or '' when there are none. */
export const failureValidationText = (error: unknown): string =>
  Object.values(asFailure(error).validationErrors ?? {})
    .filter((text) => typeof text === 'string' && text !== '')
    .join(', ');

/**
 * The server's message only for the statuses a flow trusts it on (e.g. 404 and 409: "not found",
 * "published"), else the flow's default text.
 */
export const failureMessageFor = (error: unknown, statuses: readonly number[], fallback: string): string => {
  const status = failureStatus(error);
  return status !== undefined && statuses.includes(status) ? failureMessage(error, fallback) : fallback;
};
