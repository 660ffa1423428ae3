import { type Actor, canRead } from '@shared/permissions';
import { HISTORY_TEXTS, type Lineage, type VersionEntry } from '@shared/schemas/history';
import type { ItemOwner } from '@shared/schemas/visibility';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { type leias, type resources, users } from '../db/schema';
import { badRequest } from '../errors';
import { ownerColumns, toOwner } from './owners';
import { readableBy } from './visibility';

/**
 * Versions and lineage, the same for resources (one kind at a time) and LEIAs: the visible versions
 * of a name, where an item was derived from (named only if the caller may read it), and what was
 * derived from it. Metadata only: no content leaves here, so behaviours are safe for every viewer.
 */

type Versioned = typeof resources | typeof leias;

export interface HistoryTarget {
  table: Versioned;
  /** Narrows the table to one kind (resources). */
  scope?: SQL;
}

/** Who made a version (users joined a second time, apart from its owner). */
const authors = alias(users, 'authors');

const entryColumns = (table: Versioned) => ({
  id: table.id,
  name: table.name,
  version: table.version,
  createdAt: table.createdAt,
  isPublished: table.isPublished,
  note: table.note,
  owner: ownerColumns,
  author: { id: authors.id, email: authors.email, role: authors.role },
});

/** The versions of `table` with their owner and author. */
const selectEntries = (db: Db, table: Versioned) =>
  db
    .select(entryColumns(table))
    .from(table)
    .innerJoin(users, eq(users.id, table.ownerId))
    .leftJoin(authors, eq(authors.id, table.authorId));

type EntryRow = {
  id: string;
  name: string;
  version: string;
  createdAt: Date;
  isPublished: boolean;
  note: string | null;
  owner: ItemOwner;
  author: ItemOwner | null;
};

const toEntry = (row: EntryRow): VersionEntry => ({
  id: row.id,
  name: row.name,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  user: toOwner(row.owner),
  author: row.author && toOwner(row.author),
  isPublished: row.isPublished,
  ...(row.note && { note: row.note }),
});

/** The id a new item may record as its source: one of the same kind that the caller may read. */
export async function checkDerivedFrom(
  tx: Db | Tx,
  { table, scope }: HistoryTarget,
  actor: Actor,
  id: string | undefined,
): Promise<string | null> {
  if (id === undefined) return null;
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), scope, readableBy(actor, table)));
  if (!row)
    throw badRequest(HISTORY_TEXTS.derivedFromNotFound, { derivedFrom: HISTORY_TEXTS.derivedFromNotFound });
  return row.id;
}

/** Every version of `name` the caller may read, newest first. */
export async function visibleVersions(
  db: Db,
  { table, scope }: HistoryTarget,
  actor: Actor,
  name: string,
): Promise<VersionEntry[]> {
  const rows = await selectEntries(db, table)
    .where(and(eq(table.name, name), scope, readableBy(actor, table)))
    .orderBy(desc(table.major), desc(table.minor), desc(table.patch));
  return (rows as EntryRow[]).map(toEntry);
}

/** Where the item came from (a name only when the caller may read it) and the visible designs made from it. */
export async function lineageOf(
  db: Db,
  { table, scope }: HistoryTarget,
  actor: Actor,
  item: { id: string; derivedFromId: string | null },
): Promise<Lineage> {
  const derived = (await selectEntries(db, table)
    .where(and(eq(table.derivedFromId, item.id), scope, readableBy(actor, table)))
    .orderBy(desc(table.createdAt))) as EntryRow[];
  if (!item.derivedFromId) return { derived: derived.map(toEntry) };
  const [source] = await db
    .select({
      id: table.id,
      name: table.name,
      version: table.version,
      ownerId: table.ownerId,
      isPublished: table.isPublished,
    })
    .from(table)
    .where(eq(table.id, item.derivedFromId));
  const derivedFrom = !source
    ? undefined
    : canRead(actor, source)
      ? { visible: true as const, id: source.id, name: source.name, version: source.version }
      : { visible: false as const };
  return { ...(derivedFrom && { derivedFrom }), derived: derived.map(toEntry) };
}
