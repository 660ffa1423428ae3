import type { Dependent } from '@shared/api-error';

/**
 * A failure with an HTTP status and the body of ARCHITECTURE.md's error shape. Services throw
 * these; the app's error handler turns them into responses.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { validationErrors?: Record<string, string>; data?: unknown } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, validationErrors?: Record<string, string>) =>
  new HttpError(400, message, { validationErrors });
/** 400 because other items still use this one; `data` lists them. */
export const inUse = (message: string, dependents: Dependent[]) =>
  new HttpError(400, message, { data: dependents });
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const badGateway = (message: string) => new HttpError(502, message);

/** Postgres error codes the services translate into HttpErrors. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** What a delete blocked by an ON DELETE RESTRICT foreign key raises (NO ACTION raises 23503). */
export const PG_RESTRICT_VIOLATION = '23001';

/** The SQLSTATE of a database error, whether it came from pg or PGlite (possibly wrapped by drizzle). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
