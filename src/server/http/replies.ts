import { apiErrorSchema } from '@shared/api-error';
import { z } from 'zod';

/**
 * A route's response schemas: its own successes, plus the one error body every failure has. Every
 * route declares them, so /api/docs tells the truth and responses are checked on their way out.
 */
export const replies = <T extends Record<number, z.ZodType>>(success: T) => ({
  ...success,
  '4xx': apiErrorSchema,
  '5xx': apiErrorSchema,
});

/** 204: the body is empty. */
export const noContent = z.null().describe('No content');

/** `/{id}` parameters; an id that is not a uuid is simply not found (404), never an error. */
export const idParams = z.object({ id: z.string() });
