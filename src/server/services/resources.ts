import type { Dependent } from '@shared/api-error';
import { partForViewer } from '@shared/behaviour-view';
import { RESOURCE_DELETE_TEXTS } from '@shared/messages/deletion';
import { type Actor, canCreateBehaviour, canDelete, canPublish, canRead } from '@shared/permissions';
import { HISTORY_TEXTS, type Lineage, type VersionEntry } from '@shared/schemas/history';
import type { ResourceItem, ResourceListQuery } from '@shared/schemas/resource-api';
import type { ResourceBody, ResourceKind } from '@shared/schemas/resources';
import type { ItemOwner } from '@shared/schemas/visibility';
import type { VersionBump } from '@shared/semver';
import { and, asc, desc, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { leias, type ResourceRow, resources, users } from '../db/schema';
import { forbidden, notFound } from '../errors';
import { type SignedInUser, UUID } from './actor';
import { checkDerivedFrom, type HistoryTarget, lineageOf, visibleVersions } from './history';
import { deleteUnlessInUse } from './in-use';
import { ownerColumns, ownerOf, toOwner } from './owners';
import { claimVersion, uniqueNameVersion, type VersionChoice } from './versions';
import { readableBy, visibilityCondition } from './visibility';

export const RESOURCE_API_TEXTS = {
  ...RESOURCE_DELETE_TEXTS,
  publishForbidden: 'Only administrators can publish',
  behaviourForbidden: 'Instructors cannot create behaviours',
  privateLeia: 'Private LEIA',
} as const;

/** The resource JSON, as `viewer` may see it (behaviour content hidden from instructors). */
export const toResourceItem = (
  row: Omit<ResourceRow, 'ownerId'>,
  owner: ItemOwner,
  viewer: Actor,
): ResourceItem =>
  partForViewer(viewer, row.kind, {
    id: row.id,
    apiVersion: row.apiVersion,
    metadata: { name: row.name, version: row.version },
    spec: row.spec,
    user: toOwner(owner),
    isPublished: row.isPublished,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.note && { note: row.note }),
  });

/**
 * A resource's stored content, whatever the reader may see of it: for the server's own use (the
 * generation engine, the runner's system prompt), never sent to a client as it is.
 */
export interface StoredPart {
  id: string;
  apiVersion: string;
  metadata: { name: string; version: string };
  spec: Record<string, unknown>;
}

export const toStoredPart = (
  row: Pick<ResourceRow, 'id' | 'apiVersion' | 'name' | 'version' | 'spec'>,
): StoredPart => ({
  id: row.id,
  apiVersion: row.apiVersion,
  metadata: { name: row.name, version: row.version },
  spec: row.spec,
});

const { ownerId: _ownerId, ...resourceColumns } = getTableColumns(resources);

/**
 * Inserts a resource inside the caller's transaction, after the name/version rules: a new version of
 * an existing design stays its owner's, and `author` is recorded as who made it. The caller has
 * already decided that `author` may create this kind and publish (the API and the catalogue import
 * share this step). `metadata.version` is the version asked for, or how to bump the latest (a
 * restore), worked out under the name's lock.
 */
export async function insertResource<K extends ResourceKind>(
  tx: Tx,
  author: Actor,
  kind: K,
  body: Omit<ResourceBody<K>, 'metadata'> & { metadata: { name: string; version: VersionChoice } },
  options: { publish: boolean },
): Promise<ResourceRow> {
  const { ownerId, ...version } = await claimVersion(
    tx,
    { table: resources, label: kind, scope: eq(resources.kind, kind) },
    author,
    body.metadata.name,
    body.metadata.version,
  );
  const [row] = await tx
    .insert(resources)
    .values({
      kind,
      apiVersion: body.apiVersion,
      name: body.metadata.name,
      ...version,
      spec: body.spec as Record<string, unknown>,
      ownerId,
      authorId: author.id,
      isPublished: options.publish,
      note: body.note ?? null,
      derivedFromId: body.derivedFrom ?? null,
    })
    .returning();
  return row!;
}

const historyOf = (kind: ResourceKind): HistoryTarget => ({
  table: resources,
  scope: eq(resources.kind, kind),
});

/** LEIAs referencing a resource through any of the three part columns. */
const usedBy = (id: string): SQL =>
  or(eq(leias.personaId, id), eq(leias.problemId, id), eq(leias.behaviourId, id))!;

const selectItems = (tx: Db | Tx) =>
  tx
    .select({ resource: resourceColumns, owner: ownerColumns })
    .from(resources)
    .innerJoin(users, eq(users.id, resources.ownerId));

/** The row if it exists, is of `kind` and `actor` may read it; else 404 'Resource not found'. */
async function visibleRow(tx: Db | Tx, actor: Actor, kind: ResourceKind, id: string) {
  if (!UUID.test(id)) throw notFound(RESOURCE_API_TEXTS.notFound);
  const [row] = await selectItems(tx).where(
    and(eq(resources.id, id), eq(resources.kind, kind), readableBy(actor, resources)),
  );
  if (!row) throw notFound(RESOURCE_API_TEXTS.notFound);
  return row;
}

/** The LEIAs that use a resource; those the caller may not read are listed without their name. */
const dependentLeias = (db: Db, actor: Actor, id: string) => async (): Promise<Dependent[]> => {
  const rows = await db
    .select({ id: leias.id, name: leias.name, ownerId: leias.ownerId, isPublished: leias.isPublished })
    .from(leias)
    .where(usedBy(id))
    .orderBy(asc(leias.name), asc(leias.id));
  return rows.map((row) => ({
    id: row.id,
    name: canRead(actor, row) ? row.name : RESOURCE_API_TEXTS.privateLeia,
  }));
};

/** A kind's items the caller may read, by name then newest version first (a process filters behaviours and problems). */
async function listResources(
  db: Db,
  actor: Actor,
  kind: ResourceKind,
  query: ResourceListQuery,
): Promise<ResourceItem[]> {
  const process = kind === 'persona' ? undefined : query.process;
  const rows = await selectItems(db)
    .where(
      and(
        eq(resources.kind, kind),
        visibilityCondition(actor, resources, query.visibility ?? 'all'),
        process && sql`${resources.spec} -> 'process' @> ${JSON.stringify([process])}::jsonb`,
      ),
    )
    .orderBy(asc(resources.name), desc(resources.major), desc(resources.minor), desc(resources.patch));
  return rows.map((row) => toResourceItem(row.resource, row.owner, actor));
}

/** Who may write a kind at all: no behaviours for instructors, and only admins publish. */
function ensureMayWrite(actor: Actor, kind: ResourceKind, options: { publish: boolean }): void {
  if (kind === 'behaviour' && !canCreateBehaviour(actor))
    throw forbidden(RESOURCE_API_TEXTS.behaviourForbidden);
  if (options.publish && !canPublish(actor)) throw forbidden(RESOURCE_API_TEXTS.publishForbidden);
}

async function createResource<K extends ResourceKind>(
  db: Db,
  actor: SignedInUser,
  kind: K,
  body: ResourceBody<K>,
  options: { publish: boolean },
): Promise<ResourceItem> {
  ensureMayWrite(actor, kind, options);
  return uniqueNameVersion(kind, body.metadata, () =>
    db.transaction(async (tx) => {
      const derivedFrom = await checkDerivedFrom(tx, historyOf(kind), actor, body.derivedFrom);
      const row = await insertResource(
        tx,
        actor,
        kind,
        { ...body, derivedFrom: derivedFrom ?? undefined },
        options,
      );
      return toResourceItem(row, await ownerOf(tx, row.ownerId, actor), actor);
    }),
  );
}

/**
 * A new version (the latest bumped by `bump`) with this version's content, noted 'Restored from
 * v{x.y.z}': nothing is overwritten. The rules of any new version apply (owner or admin; no
 * behaviours for instructors; only admins publish).
 */
async function restoreResource(
  db: Db,
  actor: SignedInUser,
  kind: ResourceKind,
  id: string,
  options: { bump: VersionBump; publish: boolean },
): Promise<ResourceItem> {
  ensureMayWrite(actor, kind, options);
  const { resource } = await visibleRow(db, actor, kind, id);
  const metadata = { name: resource.name, version: { bump: options.bump } };
  return uniqueNameVersion(kind, metadata, () =>
    db.transaction(async (tx) => {
      const body = {
        apiVersion: resource.apiVersion as ResourceBody['apiVersion'],
        metadata,
        spec: resource.spec as ResourceBody['spec'],
        note: HISTORY_TEXTS.restoredFrom(resource.version),
        derivedFrom: resource.id,
      };
      const row = await insertResource(tx, actor, kind, body, options);
      return toResourceItem(row, await ownerOf(tx, row.ownerId, actor), actor);
    }),
  );
}

/** Deletes an item its owner (or an admin) may delete, unless a LEIA uses it. */
async function removeResource(db: Db, actor: Actor, kind: ResourceKind, id: string): Promise<void> {
  await deleteUnlessInUse(
    db,
    async (tx) => {
      const { resource, owner } = await visibleRow(tx, actor, kind, id);
      if (!canDelete(actor, { ownerId: owner.id })) throw forbidden(RESOURCE_API_TEXTS.forbidden);
      await tx.delete(resources).where(eq(resources.id, resource.id));
    },
    { message: RESOURCE_API_TEXTS.usedIn, dependents: dependentLeias(db, actor, id) },
  );
}

/**
 * Personas, problems and behaviours: one implementation for the three kinds.
 * Reads honour visibility (not visible = 404); writes are one transaction each.
 */
export function createResourcesService(db: Db) {
  return {
    list: (actor: Actor, kind: ResourceKind, query: ResourceListQuery) =>
      listResources(db, actor, kind, query),

    async get(actor: Actor, kind: ResourceKind, id: string): Promise<ResourceItem> {
      const row = await visibleRow(db, actor, kind, id);
      return toResourceItem(row.resource, row.owner, actor);
    },

    /** The stored content of a resource `actor` may read (same 404s as `get`), behaviour included. */
    async readStored(actor: Actor, kind: ResourceKind, id: string): Promise<StoredPart> {
      return toStoredPart((await visibleRow(db, actor, kind, id)).resource);
    },

    create: <K extends ResourceKind>(
      actor: SignedInUser,
      kind: K,
      body: ResourceBody<K>,
      options: { publish: boolean },
    ) => createResource(db, actor, kind, body, options),

    /** The versions of this item's name that the caller may read, newest first (metadata only). */
    async versions(actor: Actor, kind: ResourceKind, id: string): Promise<VersionEntry[]> {
      const { resource } = await visibleRow(db, actor, kind, id);
      return visibleVersions(db, historyOf(kind), actor, resource.name);
    },

    async lineage(actor: Actor, kind: ResourceKind, id: string): Promise<Lineage> {
      const { resource } = await visibleRow(db, actor, kind, id);
      return lineageOf(db, historyOf(kind), actor, resource);
    },

    restore: (
      actor: SignedInUser,
      kind: ResourceKind,
      id: string,
      options: { bump: VersionBump; publish: boolean },
    ) => restoreResource(db, actor, kind, id, options),
    remove: (actor: Actor, kind: ResourceKind, id: string) => removeResource(db, actor, kind, id),

    /** Whether any version of `name` exists, whoever owns it: names are unique per kind for everyone. */
    async exists(kind: ResourceKind, name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: resources.id })
        .from(resources)
        .where(and(eq(resources.kind, kind), eq(resources.name, name.trim())))
        .limit(1);
      return Boolean(row);
    },
  };
}

export type ResourcesService = ReturnType<typeof createResourcesService>;
