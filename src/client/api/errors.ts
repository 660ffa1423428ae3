import type { Failure } from '@machines/failure';
import { FetchError } from 'ofetch';

/**
 * API failures into the plain Failure that machines receive (machines/failure.ts, which also holds
 * the rules for reading one: its status, the server's message, the validation texts). The error
 * body every endpoint sends is src/shared/api-error.ts.
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
const statusOf = (err: unknown): number | undefined => {
  if (err instanceof FetchError) return err.status ?? err.response?.status;
  const status = (err as Failure | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/** The plain shape machines receive from IO actors. */
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
