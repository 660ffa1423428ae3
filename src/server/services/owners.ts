import type { ItemOwner } from '@shared/schemas/visibility';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';

/** The owner columns every resource and LEIA response joins in: user {id, email, role}. */
export const ownerColumns = { id: users.id, email: users.email, role: users.role };

export const toOwner = (row: ItemOwner): ItemOwner => ({ id: row.id, email: row.email, role: row.role });

/** The owner of a row just written: the caller, or the design's owner when the caller versioned another's. */
export async function ownerOf(tx: Db | Tx, ownerId: string, caller: ItemOwner): Promise<ItemOwner> {
  if (ownerId === caller.id) return caller;
  const [owner] = await tx.select(ownerColumns).from(users).where(eq(users.id, ownerId));
  return owner!;
}
