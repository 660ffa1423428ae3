import { type Actor, isAdmin } from '@shared/permissions';
import type { Visibility } from '@shared/schemas/visibility';
import { and, eq, not, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The columns that decide who may read a resource or a LEIA. */
export interface Shareable {
  isPublished: AnyPgColumn;
  ownerId: AnyPgColumn;
}

/**
 * SQL form of canRead (@shared/permissions): published, or the caller's own; admins read
 * everything (undefined = no condition).
 */
export const readableBy = (actor: Actor, t: Shareable): SQL | undefined =>
  isAdmin(actor) ? undefined : or(eq(t.isPublished, true), eq(t.ownerId, actor.id));

/**
 * The lists' Visibility filter (docs/architecture.md "API"): `public` = published;
 * `private` = the caller's own unpublished (admin: all unpublished); `all` = what they may read.
 */
export function visibilityCondition(actor: Actor, t: Shareable, visibility: Visibility): SQL | undefined {
  switch (visibility) {
    case 'public':
      return eq(t.isPublished, true);
    case 'private':
      return isAdmin(actor) ? not(t.isPublished) : and(not(t.isPublished), eq(t.ownerId, actor.id));
    case 'all':
      return readableBy(actor, t);
  }
}
