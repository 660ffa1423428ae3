import { FetchError } from 'ofetch';

/** What ofetch throws for an error response: status plus the parsed body in `data`. */
export const httpError = (status: number, data: Record<string, unknown> = {}): FetchError =>
  Object.assign(new FetchError(`[${status}]`), { status, statusCode: status, data });

/** A promise the test settles by hand, to look at the screen while a call is in flight. */
export const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};
