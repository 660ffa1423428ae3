import { z } from 'zod';
import { type ProcessValue, processValues, type ResourceKind, type ResourceSpecs } from './resources';
import type { ItemOwner } from './visibility';
import { visibilitySchema } from './visibility';

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

export interface ResourceItem<K extends ResourceKind = ResourceKind> {
  id: string;
  apiVersion: string;
  metadata: { name: string; version: string };
  /**
   * The stored spec. For an instructor a behaviour's spec holds only `role` and `process`
   * (see @shared/behaviour-view).
   */
  spec: ResourceSpecs[K] | Record<string, unknown>;
  user: ItemOwner;
  isPublished: boolean;
  /** ISO 8601 */
  createdAt: string;
  updatedAt: string;
}
