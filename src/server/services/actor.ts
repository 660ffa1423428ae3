import type { Actor } from '@shared/permissions';

/**
 * Who a service acts for, and the ids it is given: domain types, so services never depend on how
 * HTTP found them (auth/hooks.ts reads the signed-in user into this shape).
 */

/** The signed-in user, as the database had them when the request was authenticated. */
export interface SignedInUser extends Actor {
  email: string;
  createdAt: Date;
}

/** Row ids are uuids: anything else names no row, and is answered as not found without a query. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
