import { type Actor, canAddVersion } from '@shared/permissions';
import { compareVersions, parseVersion, type SemVer } from '@shared/semver';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { leias, resources } from '../db/schema';
import { badRequest, conflict, forbidden, PG_UNIQUE_VIOLATION, pgErrorCode } from '../errors';

/**
 * Name + version rules shared by resources and LEIAs: a name+version exists once; a new version of
 * an existing name must be higher than its latest; and only the name's owner (the owner of its
 * latest version) or an admin may add one.
 */
export const VERSION_TEXTS = {
  duplicate: (label: string, name: string, version: string) =>
    `A ${label} named "${name}" with version ${version} already exists`,
  notOwner: (label: string, name: string) =>
    `Only the owner of the ${label} "${name}" or an administrator can add a new version`,
  notHigher: (name: string, version: string, latest: string) =>
    `Version ${version} must be higher than the latest version of "${name}", ${latest}`,
} as const;

type Versioned = typeof resources | typeof leias;

export interface VersionTarget {
  table: Versioned;
  /** 'persona', 'problem', 'behaviour' or 'LEIA', for messages. */
  label: string;
  /** Narrows the table to one kind (resources). */
  scope?: SQL;
}

/**
 * Checks `metadata` against the existing versions of its name and returns the parsed version. Holds
 * a transaction-scoped advisory lock on the name, so two concurrent creates of one name run one after
 * the other and the "must be higher" rule cannot be raced.
 */
export async function claimVersion(
  tx: Tx,
  target: VersionTarget,
  actor: Actor,
  metadata: { name: string; version: string },
): Promise<SemVer> {
  const { table, label, scope } = target;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${label}:${metadata.name}`}, 0))`);
  const existing = await tx
    .select({ version: table.version, ownerId: table.ownerId })
    .from(table)
    .where(and(eq(table.name, metadata.name), scope))
    .orderBy(desc(table.major), desc(table.minor), desc(table.patch));
  const latest = existing[0];
  if (existing.some((row) => row.version === metadata.version)) {
    throw conflict(VERSION_TEXTS.duplicate(label, metadata.name, metadata.version));
  }
  if (latest && !canAddVersion(actor, latest)) throw forbidden(VERSION_TEXTS.notOwner(label, metadata.name));
  if (latest && compareVersions(metadata.version, latest.version) <= 0) {
    const message = VERSION_TEXTS.notHigher(metadata.name, metadata.version, latest.version);
    throw badRequest(message, { 'metadata.version': message });
  }
  return parseVersion(metadata.version);
}

/** A unique-index race that got past claimVersion still ends as the same 409. */
export async function uniqueNameVersion<T>(
  label: string,
  metadata: { name: string; version: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw conflict(VERSION_TEXTS.duplicate(label, metadata.name, metadata.version));
    }
    throw error;
  }
}
