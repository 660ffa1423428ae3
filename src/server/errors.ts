import type { Dependent } from '@shared/api-error';
import { RATE_LIMIT_TEXTS, type RateLimited } from '@shared/rate-limits';

/**
 * What went wrong, in the domain's words. Services throw DomainErrors and know nothing of HTTP;
 * http/errors.ts turns each kind into its status and the body `{message, validationErrors?, data?}`
 * in one place (docs/architecture.md "Errors").
 */
export type FailureKind =
  | 'invalid'
  | 'in-use'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-many-attempts'
  | 'model-failed';

export class DomainError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly extra: { validationErrors?: Record<string, string>; data?: unknown } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Invalid input; `validationErrors` maps field paths to messages, `data` carries structured detail. */
export const badRequest = (message: string, validationErrors?: Record<string, string>, data?: unknown) =>
  new DomainError('invalid', message, { validationErrors, ...(data !== undefined && { data }) });
/** Other items still use this one; `data` lists them. */
export const inUse = (message: string, dependents: Dependent[]) =>
  new DomainError('in-use', message, { data: dependents });
export const unauthorized = (message = 'Authentication required') =>
  new DomainError('unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new DomainError('forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('not-found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
/** A fair-use limit is used up: `data` says which, and when to try again (also sent as Retry-After). */
export const tooManyAttempts = (limited: RateLimited) =>
  new DomainError('too-many-attempts', RATE_LIMIT_TEXTS.limited(limited), { data: limited });
/** The language model failed, timed out or answered nothing usable. */
export const modelFailed = (message: string) => new DomainError('model-failed', message);

/** Postgres error codes the services translate into HttpErrors. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_NOT_NULL_VIOLATION = '23502';
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
