import type { ItemOwner } from '@shared/schemas/visibility';
import { users } from '../db/schema';

/** The owner columns every resource and LEIA response joins in: user {id, email, role}. */
export const ownerColumns = { id: users.id, email: users.email, role: users.role };

export const toOwner = (row: ItemOwner): ItemOwner => ({ id: row.id, email: row.email, role: row.role });
