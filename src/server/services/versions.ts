import { type Actor, canAddVersion } from '@shared/permissions';
import { bumpVersion, compareVersions, parseVersion, type SemVer, type VersionBump } from '@shared/semver';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { leias, resources } from '../db/schema';
import { badRequest, conflict, forbidden, PG_UNIQUE_VIOLATION, pgErrorCode } from '../errors';

/**
 * Name + version rules shared by resources and LEIAs: a name+version exists once; a new version of
 * an existing name must be higher than its latest; only the design's owner (the owner of its
 * latest version) or an admin may add one; and every version of a design stays its owner's, whoever
 * made it (the author).
 */
export const VERSION_TEXTS = {
  duplicate: (label: string, name: string, version: string) =>
    `A ${label} named "${name}" with version ${version} already exists`,
  notOwner: (label: string, name: string) =>
    `Only the owner of the ${label} "${name}" or an administrator can add a new version`,
  notHigher: (name: string, version: string, latest: string) =>
    `Version ${version} must be higher than the latest version of "${name}", ${latest}`,
  savedMeanwhile: (label: string, name: string, version: string, latest: string) =>
    `Another version of the ${label} "${name}" was saved meanwhile (now ${latest}), so version ${version} cannot be added: choose a version higher than ${latest}`,
} as const;

type Versioned = typeof resources | typeof leias;

export interface VersionTarget {
  table: Versioned;
  /** 'persona', 'problem', 'behaviour' or 'LEIA', for messages. */
  label: string;
  /** Narrows the table to one kind (resources). */
  scope?: SQL;
}

/** The version asked for (a save), or the name's latest bumped (a restore: no version was sent). */
export type VersionChoice = string | { bump: VersionBump };

export interface ClaimedVersion extends SemVer {
  version: string;
  /** Who owns the design: the owner of its latest version, or the author of its first. */
  ownerId: string;
}

const versionsOf = (tx: Tx, { table, scope }: VersionTarget, name: string) =>
  tx
    .select({ version: table.version, ownerId: table.ownerId })
    .from(table)
    .where(and(eq(table.name, name), scope))
    .orderBy(desc(table.major), desc(table.minor), desc(table.patch));

/**
 * Works out the version of a new item of `name` and who owns it, inside the transaction that
 * inserts it. Holds a transaction-scoped advisory lock on the name, so concurrent creates and
 * restores of one name run one after the other: a restore always gets the next free version, and a
 * save whose version was taken (or overtaken) by a version saved since it arrived is told so (409);
 * a version that was already too low when the request arrived is the client's choice (400).
 */
export async function claimVersion(
  tx: Tx,
  target: VersionTarget,
  actor: Actor,
  name: string,
  choice: VersionChoice,
): Promise<ClaimedVersion> {
  const { label } = target;
  // What the request found when it arrived, to tell "saved meanwhile" from a version chosen too low.
  const arrived = typeof choice === 'string' ? await versionsOf(tx, target, name) : [];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${label}:${name}`}, 0))`);
  const existing = await versionsOf(tx, target, name);
  const latest = existing[0];
  const savedMeanwhile = (version: string) =>
    existing.some(
      (row) =>
        compareVersions(row.version, version) >= 0 && !arrived.some((seen) => seen.version === row.version),
    );
  if (typeof choice === 'string' && existing.some((row) => row.version === choice)) {
    throw conflict(
      savedMeanwhile(choice)
        ? VERSION_TEXTS.savedMeanwhile(label, name, choice, latest!.version)
        : VERSION_TEXTS.duplicate(label, name, choice),
    );
  }
  if (latest && !canAddVersion(actor, latest)) throw forbidden(VERSION_TEXTS.notOwner(label, name));
  const version = typeof choice === 'string' ? choice : bumpVersion(latest?.version ?? '0.0.0', choice.bump);
  if (latest && compareVersions(version, latest.version) <= 0) {
    // Overtaken while it waited for the lock: a 409, not the client's mistake.
    if (savedMeanwhile(version)) {
      throw conflict(VERSION_TEXTS.savedMeanwhile(label, name, version, latest.version));
    }
    const message = VERSION_TEXTS.notHigher(name, version, latest.version);
    throw badRequest(message, { 'metadata.version': message });
  }
  return { version, ...parseVersion(version), ownerId: latest?.ownerId ?? actor.id };
}

/** A unique-index race that got past claimVersion still ends as the same 409. */
export async function uniqueNameVersion<T>(
  label: string,
  metadata: { name: string; version: VersionChoice },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // A restore's version is worked out under the name's lock: only a save can meet this.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && typeof metadata.version === 'string') {
      throw conflict(VERSION_TEXTS.duplicate(label, metadata.name, metadata.version));
    }
    throw error;
  }
}
