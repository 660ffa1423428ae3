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

/**
 * The schemas of a POST that creates something under a path's parameters: its params, its body,
 * and what it created, answered with 201.
 */
export const createsUnder = <P extends z.ZodType, B extends z.ZodType, C extends z.ZodType>(
  params: P,
  body: B,
  created: C,
  tags: string[],
) => ({ schema: { params, body, response: replies({ 201: created }), tags } });

/** 204: the body is empty. */
export const noContent = z.null().describe('No content');

/** `/{id}` parameters; an id that is not a uuid is simply not found (404), never an error. */
export const idParams = z.object({ id: z.string() });
