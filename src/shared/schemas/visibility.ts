import { z } from 'zod';
import { roleSchema } from '../roles';

/**
 * The Visibility filter of the lists (docs/architecture.md "API"):
 * `public` = published; `private` = the caller's own unpublished (admin: all unpublished);
 * `all` = published plus the caller's own (admin: everything).
 */
export const VISIBILITIES = ['all', 'private', 'public'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const DEFAULT_VISIBILITY: Visibility = 'all';

export const visibilitySchema = z
  .enum(VISIBILITIES, { error: `Visibility must be one of: ${VISIBILITIES.join(', ')}` })
  .default(DEFAULT_VISIBILITY);

/** `?publish=true|false` on create calls; only admins may send true. */
export const publishQuerySchema = z.object({
  publish: z
    .enum(['true', 'false'], { error: 'publish must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** The owner every resource and LEIA carries: user {id, email, role}. */
export const itemOwnerSchema = z.object({ id: z.string(), email: z.string(), role: roleSchema });
export type ItemOwner = z.infer<typeof itemOwnerSchema>;
