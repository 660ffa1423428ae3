import type { ApiErrorBody } from '@shared/api-error';
import { rateLimitedSchema } from '@shared/rate-limits';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { App } from '../context';
import { DomainError, type FailureKind, pgErrorCode } from '../errors';

export const PART_LABEL: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'path',
  headers: 'headers',
};

/** The one mapping from what went wrong to its HTTP status. */
const STATUS: Record<FailureKind, number> = {
  invalid: 400,
  'in-use': 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many-attempts': 429,
  'model-failed': 502,
};
export const statusOf = (error: DomainError): number => STATUS[error.kind];

/** Turns every failure into the one error body (docs/architecture.md "API") `{message, validationErrors?, data?}`. */
export function registerErrorHandling(app: App, options: { spaFallback: boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const limited = rateLimitedSchema.safeParse(error.extra.data);
      if (error.kind === 'too-many-attempts' && limited.success) {
        reply.header('retry-after', String(limited.data.retryAfterSeconds));
      }
      const body: ApiErrorBody = { message: error.message, ...error.extra };
      return reply.code(statusOf(error)).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const validationErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field: string =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
        validationErrors[field] ??= issue.message ?? 'is invalid';
      }
      const part = PART_LABEL[error.validationContext ?? 'body'] ?? 'request';
      const body: ApiErrorBody = {
        message: `Invalid ${part}: ${Object.entries(validationErrors)
          .map(([field, message]) => `${field}: ${message}`)
          .join('; ')}`,
        validationErrors,
      };
      return reply.code(400).send(body);
    }
    const rejected = rejectedByDatabase(error);
    if (rejected) return reply.code(400).send({ message: rejected } satisfies ApiErrorBody);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // A fault of ours: logged with the request id the client is given, so a report finds the log line.
      request.log.error({ err: error, reqId: request.id }, 'request failed');
      return reply
        .code(status)
        .send({ message: 'Internal server error', requestId: request.id } satisfies ApiErrorBody);
    }
    // Fastify's own 4xx errors (malformed JSON, body too large, wrong content type...).
    return reply.code(status).send({ message: friendlyFastifyMessage(error) } satisfies ApiErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Page paths belong to the client router: answer them with the UI's index.html.
    if (
      options.spaFallback &&
      request.method === 'GET' &&
      !path.startsWith('/api/') &&
      !/\.[a-z0-9]+$/i.test(path)
    ) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ message: `No route for ${request.method} ${path}` } satisfies ApiErrorBody);
  });
}

function friendlyFastifyMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `Invalid JSON body: ${error.message}`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send application/json';
    default:
      return error.message;
  }
}

/**
 * SQLSTATE class 22 ("data exception": a value out of range, text that is not a number or a uuid,
 * an invalid character) only comes from a value the client sent: a 400, never a 500. The rules in
 * the schemas and the input guard catch these first; this is the net under them.
 */
function rejectedByDatabase(error: unknown): string | undefined {
  const code = pgErrorCode(error);
  if (!code?.startsWith('22')) return undefined;
  return 'Invalid input: a value in the request cannot be stored or compared';
}
