import type { Dependent } from '@shared/api-error';
import type { Db, Tx } from '../db/client';
import { inUse, PG_FOREIGN_KEY_VIOLATION, PG_RESTRICT_VIOLATION, pgErrorCode } from '../errors';

const BLOCKED_BY_REFERENCE = new Set([PG_RESTRICT_VIOLATION, PG_FOREIGN_KEY_VIOLATION]);

export interface InUseReport {
  /** The refusal naming them, e.g. RESOURCE_DELETE_TEXTS.usedIn */
  message: (names: readonly string[]) => string;
  /** The rows that still reference the item, listed after the delete was refused. */
  dependents: () => Promise<Dependent[]>;
}

/**
 * Runs a delete transaction whose "in use" rule is the database's: the referencing foreign keys are
 * ON DELETE RESTRICT, so a delete of something still used fails with a restrict violation. Only
 * then are the dependents queried, for the 400's message and `data`; there is no pre-scan that a
 * concurrent insert could slip past. If the dependents vanished meanwhile, the delete is retried once.
 */
export async function deleteUnlessInUse(
  db: Db,
  remove: (tx: Tx) => Promise<void>,
  report: InUseReport,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(remove);
      return;
    } catch (error) {
      if (!BLOCKED_BY_REFERENCE.has(pgErrorCode(error) ?? '')) throw error;
      const dependents = await report.dependents();
      if (dependents.length > 0 || attempt >= 2)
        throw inUse(report.message(dependents.map((item) => item.name)), dependents);
    }
  }
}
