import { z } from 'zod';
import { type ProcessValue, processValues, type ResourceKind, type ResourceSpecs } from './resources';
import { itemOwnerSchema, visibilitySchema } from './visibility';

/**
 * What the resources API answers, beside the request bodies in
 * ./resources.ts. Shared so the client's API module and the server's responses agree.
 */

/** GET /api/v1/{personas|problems|behaviours}: `process` is read for problems and behaviours only. */
export const resourceListQuerySchema = z.object({
  visibility: visibilitySchema,
  process: z
    .enum([...processValues, 'all'], {
      error: `Process must be one of: ${[...processValues, 'all'].join(', ')}`,
    })
    .optional()
    .transform((value): ProcessValue | undefined => (value === 'all' ? undefined : value)),
});
export type ResourceListQuery = z.input<typeof resourceListQuerySchema>;

/** A resource as the API answers it (docs/architecture.md, data model). */
export const resourceItemSchema = z.object({
  id: z.string(),
  apiVersion: z.string(),
  metadata: z.object({ name: z.string(), version: z.string() }),
  /**
   * The stored spec. For an instructor a behaviour's spec holds only `role` and `process`
   * (see @shared/behaviour-view).
   */
  spec: z.record(z.string(), z.unknown()),
  user: itemOwnerSchema,
  isPublished: z.boolean(),
  /** ISO 8601 */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** This version's change note, if it has one. */
  note: z.string().optional(),
});

export type ResourceItem<K extends ResourceKind = ResourceKind> = Omit<
  z.infer<typeof resourceItemSchema>,
  'spec'
> & { spec: ResourceSpecs[K] | Record<string, unknown> };

/** GET .../exists/{name} */
export const existsResponseSchema = z.object({ exists: z.boolean() });
