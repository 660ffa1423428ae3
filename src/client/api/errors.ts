import type { Failure } from '@machines/failure';
import { FetchError } from 'ofetch';

/**
 * Reading API failures (error body: src/shared/api-error.ts). Works on ofetch's FetchError and on
 * the plain Failure shape that machines receive, so views and machines share one set of rules.
 */

interface ErrorBody {
  message?: unknown;
  validationErrors?: unknown;
  data?: unknown;
}

const bodyOf = (err: unknown): ErrorBody => {
  if (err instanceof FetchError) return (err.data ?? {}) as ErrorBody;
  return typeof err === 'object' && err !== null ? (err as ErrorBody) : {};
};

/** HTTP status of a failed call; undefined when no response arrived. */
export const statusOf = (err: unknown): number | undefined => {
  if (err instanceof FetchError) return err.status ?? err.response?.status;
  const status = (err as Failure | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/** The server's message if present, else `fallback`. */
export const errorMessage = (err: unknown, fallback: string): string => {
  const { message } = bodyOf(err);
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
};

/** validationErrors' messages joined with ', ' ('' when there are none). */
export const validationMessages = (err: unknown): string => {
  const { validationErrors } = bodyOf(err);
  if (typeof validationErrors !== 'object' || validationErrors === null) return '';
  return Object.values(validationErrors)
    .filter((text): text is string => typeof text === 'string' && text !== '')
    .join(', ');
};

/** The plain shape machines receive from IO actors (machines/failure.ts). */
export const toFailure = (err: unknown): Failure => {
  const body = bodyOf(err);
  const failure: Failure = { status: statusOf(err) };
  if (typeof body.message === 'string') failure.message = body.message;
  if (typeof body.validationErrors === 'object' && body.validationErrors !== null) {
    failure.validationErrors = body.validationErrors as Record<string, string>;
  }
  if (body.data !== undefined) failure.data = body.data;
  return failure;
};

/** For IO actors: the same promise, rejecting with a Failure instead of a transport error. */
export const withFailure = <T>(promise: Promise<T>): Promise<T> =>
  promise.catch((err: unknown) => {
    throw toFailure(err);
  });
