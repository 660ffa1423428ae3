import type { Dependent } from '@shared/api-error';
import type { LeiaParts } from '@shared/engine';
import { LEIA_DELETE_TEXTS } from '@shared/messages/deletion';
import { type Actor, canDelete, canPublish, canRead, canSeeBehaviour } from '@shared/permissions';
import { HISTORY_TEXTS, type Lineage, type VersionEntry } from '@shared/schemas/history';
import type { Leia, LeiaCreateBody, LeiaListQuery } from '@shared/schemas/leias';
import { type ResourceKind, resourceKinds } from '@shared/schemas/resources';
import type { ItemOwner } from '@shared/schemas/visibility';
import type { VersionBump } from '@shared/semver';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { experimentLeias, experiments, type LeiaRow, leias, resources, users } from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';
import { type SignedInUser, UUID } from './actor';
import { checkDerivedFrom, type HistoryTarget, lineageOf, visibleVersions } from './history';
import { deleteUnlessInUse } from './in-use';
import { insertLeia, LEIA_GENERATION_TEXTS, type LeiaPartInput } from './leia-insert';
import { createLeiaLists, type LeiaPage } from './leia-list-cache';
import { leiaViews, viewsBackfill } from './leia-views';
import { ownerColumns, ownerOf, toOwner } from './owners';
import { RESOURCE_API_TEXTS, type StoredPart, toStoredPart } from './resources';
import { uniqueNameVersion } from './versions';
import { readableBy } from './visibility';

export const LEIA_API_TEXTS = {
  ...LEIA_DELETE_TEXTS,
  publishForbidden: RESOURCE_API_TEXTS.publishForbidden,
  partNotFound: (kind: ResourceKind) => `${kind[0]!.toUpperCase()}${kind.slice(1)} not found`,
  generationFailed: LEIA_GENERATION_TEXTS.generationFailed,
  privateActivity: 'Private activity',
} as const;

type StoredLeiaSpec = Leia['spec'];

/**
 * The LEIA JSON as `viewer` may see it: the full spec for those who may see behaviour content,
 * else the restricted view stored with the row (see ./leia-views.ts). `raw` (the stored parts) is
 * needed only for a row stored before the views existed and not yet backfilled.
 */
export const toLeia = (
  row: LeiaRow,
  owner: ItemOwner,
  viewer: Actor,
  raw?: () => Promise<LeiaParts<StoredPart>>,
): Promise<Leia> | Leia => {
  const leia = (spec: StoredLeiaSpec, description: string): Leia => ({
    id: row.id,
    metadata: { name: row.name, version: row.version },
    isPublished: row.isPublished,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: toOwner(owner),
    description,
    spec,
    ...(row.note && { note: row.note }),
  });
  const stored = row.spec as unknown as StoredLeiaSpec;
  if (canSeeBehaviour(viewer)) return leia(stored, row.description);
  if (row.restrictedSpec) return leia(row.restrictedSpec as unknown as StoredLeiaSpec, row.description);
  if (!raw) throw new Error(`LEIA ${row.id} has no restricted view and no parts to make one`);
  return raw().then((parts) => {
    const views = leiaViews(parts, stored);
    return leia(views.restrictedSpec, views.description);
  });
};

/** A stored LEIA for the server's own use (the runner): its parts as stored, and the resolved copies. */
export interface StoredLeia {
  id: string;
  metadata: { name: string; version: string };
  raw: LeiaParts<StoredPart>;
  resolved: StoredLeiaSpec;
}

const LEIA_HISTORY: HistoryTarget = { table: leias };

async function visibleRow(tx: Db | Tx, actor: Actor, id: string) {
  if (!UUID.test(id)) throw notFound(LEIA_API_TEXTS.notFound);
  const [row] = await tx
    .select({ leia: leias, owner: ownerColumns })
    .from(leias)
    .innerJoin(users, eq(users.id, leias.ownerId))
    .where(and(eq(leias.id, id), readableBy(actor, leias)));
  if (!row) throw notFound(LEIA_API_TEXTS.notFound);
  return row;
}

/**
 * The three parts named by the body, each of which must exist, be of its kind and be readable by
 * the caller; otherwise a 400 whose validationErrors name every missing part.
 */
async function loadParts(tx: Tx, actor: Actor, ids: LeiaCreateBody['spec']) {
  const wanted = resourceKinds.map((kind) => ids[kind]).filter((id) => UUID.test(id));
  const rows = wanted.length
    ? await tx
        .select()
        .from(resources)
        .where(and(inArray(resources.id, wanted), readableBy(actor, resources)))
    : [];
  const parts = {} as Record<ResourceKind, LeiaPartInput>;
  const missing: Record<string, string> = {};
  for (const kind of resourceKinds) {
    const row = rows.find((candidate) => candidate.id === ids[kind] && candidate.kind === kind);
    if (!row) missing[`spec.${kind}`] = LEIA_API_TEXTS.partNotFound(kind);
    else {
      parts[kind] = {
        id: row.id,
        apiVersion: row.apiVersion,
        metadata: { name: row.name, version: row.version },
        spec: row.spec,
        isPublished: row.isPublished,
      };
    }
  }
  if (Object.keys(missing).length > 0) throw badRequest(Object.values(missing).join('; '), missing);
  return parts;
}

/** The three parts a LEIA was made from, as stored (readable with the LEIA itself). */
async function rawParts(db: Db, row: LeiaRow): Promise<LeiaParts<StoredPart>> {
  const ids = { persona: row.personaId, problem: row.problemId, behaviour: row.behaviourId };
  const rows = await db
    .select()
    .from(resources)
    .where(inArray(resources.id, Object.values(ids)));
  const part = (kind: ResourceKind) => toStoredPart(rows.find((r) => r.id === ids[kind])!);
  return { persona: part('persona'), problem: part('problem'), behaviour: part('behaviour') };
}

/** The activities that use a LEIA, named only when the caller may read them. */
const dependentActivities = (db: Db, actor: Actor, id: string) => async (): Promise<Dependent[]> => {
  const rows = await db
    .selectDistinct({
      id: experiments.id,
      name: experiments.name,
      ownerId: experiments.ownerId,
      isPublished: experiments.isPublished,
    })
    .from(experimentLeias)
    .innerJoin(experiments, eq(experiments.id, experimentLeias.experimentId))
    .where(eq(experimentLeias.leiaId, id))
    .orderBy(asc(experiments.name), asc(experiments.id));
  return rows.map((row) => ({
    id: row.id,
    name: canRead(actor, row) ? row.name : LEIA_API_TEXTS.privateActivity,
  }));
};

/** What POST /leias takes: the metadata, the three parts' ids, a note and where it came from. */
export type LeiaCreate = Pick<LeiaCreateBody, 'metadata' | 'spec' | 'note' | 'derivedFrom'> & {
  metadata: { name: string; version: string };
};

/**
 * Loads the parts, checks the name and version, runs the generation engine and stores the part
 * ids with the resolved copies, all in one transaction: a failure anywhere leaves nothing.
 * Publishing (admins) also publishes the parts that are still unpublished.
 */
async function createLeia(
  db: Db,
  actor: SignedInUser,
  body: LeiaCreate,
  options: { publish: boolean },
): Promise<Leia> {
  if (options.publish && !canPublish(actor)) throw forbidden(LEIA_API_TEXTS.publishForbidden);
  return uniqueNameVersion('LEIA', body.metadata, () =>
    db.transaction(async (tx) => {
      const derivedFromId = await checkDerivedFrom(tx, LEIA_HISTORY, actor, body.derivedFrom);
      const parts = await loadParts(tx, actor, body.spec);
      const row = await insertLeia(tx, actor, body.metadata, parts, {
        ...options,
        note: body.note,
        derivedFromId,
      });
      return toLeia(row, await ownerOf(tx, row.ownerId, actor), actor);
    }),
  );
}

/** A new version (the latest bumped) built on this version's parts, noted 'Restored from v{x.y.z}'. */
async function restoreLeia(
  db: Db,
  actor: SignedInUser,
  id: string,
  options: { bump: VersionBump; publish: boolean },
): Promise<Leia> {
  if (options.publish && !canPublish(actor)) throw forbidden(LEIA_API_TEXTS.publishForbidden);
  const { leia } = await visibleRow(db, actor, id);
  const metadata = { name: leia.name, version: { bump: options.bump } };
  return uniqueNameVersion('LEIA', metadata, () =>
    db.transaction(async (tx) => {
      const parts = await loadParts(tx, actor, {
        persona: leia.personaId,
        problem: leia.problemId,
        behaviour: leia.behaviourId,
      });
      const row = await insertLeia(tx, actor, metadata, parts, {
        publish: options.publish,
        note: HISTORY_TEXTS.restoredFrom(leia.version),
        derivedFromId: leia.id,
      });
      return toLeia(row, await ownerOf(tx, row.ownerId, actor), actor);
    }),
  );
}

/** Deletes a LEIA its owner (or an admin) may delete, unless an activity uses it. */
async function removeLeia(db: Db, actor: Actor, id: string): Promise<void> {
  await deleteUnlessInUse(
    db,
    async (tx) => {
      const { leia, owner } = await visibleRow(tx, actor, id);
      if (!canDelete(actor, { ownerId: owner.id })) throw forbidden(LEIA_API_TEXTS.forbidden);
      await tx.delete(leias).where(eq(leias.id, leia.id));
    },
    { message: LEIA_API_TEXTS.usedIn, dependents: dependentActivities(db, actor, id) },
  );
}

/** A LEIA `actor` may read (same 404s as `get`) with its stored parts and resolved copies. */
async function readStored(db: Db, actor: Actor, id: string): Promise<StoredLeia> {
  const { leia } = await visibleRow(db, actor, id);
  return {
    id: leia.id,
    metadata: { name: leia.name, version: leia.version },
    raw: await rawParts(db, leia),
    resolved: leia.spec as unknown as StoredLeiaSpec,
  };
}

export function createLeiasService(db: Db) {
  const lists = createLeiaLists(db);
  const views = viewsBackfill(db);

  return {
    /** `listsGeneration`: the request's (auth/hooks.ts), which cached pages are checked against. */
    async list(actor: Actor, query: LeiaListQuery, listsGeneration?: number): Promise<LeiaPage> {
      // Rows waiting for their views have no restricted spec and an old description: never list them.
      await views.running;
      return lists.list(actor, query, listsGeneration);
    },

    /** The views backfill (leia-views.ts), started once the server is ready; lists wait for it. */
    fillInViews: views.run,

    async get(actor: Actor, id: string): Promise<Leia> {
      const { leia, owner } = await visibleRow(db, actor, id);
      return toLeia(leia, owner, actor, () => rawParts(db, leia));
    },

    readStored: (actor: Actor, id: string) => readStored(db, actor, id),
    create: (actor: SignedInUser, body: LeiaCreate, options: { publish: boolean }) =>
      createLeia(db, actor, body, options),

    /** The versions of this LEIA's name that the caller may read, newest first (metadata only). */
    async versions(actor: Actor, id: string): Promise<VersionEntry[]> {
      const { leia } = await visibleRow(db, actor, id);
      return visibleVersions(db, LEIA_HISTORY, actor, leia.name);
    },

    async lineage(actor: Actor, id: string): Promise<Lineage> {
      const { leia } = await visibleRow(db, actor, id);
      return lineageOf(db, LEIA_HISTORY, actor, leia);
    },

    restore: (actor: SignedInUser, id: string, options: { bump: VersionBump; publish: boolean }) =>
      restoreLeia(db, actor, id, options),
    remove: (actor: Actor, id: string) => removeLeia(db, actor, id),

    async exists(name: string): Promise<boolean> {
      const [row] = await db.select({ id: leias.id }).from(leias).where(eq(leias.name, name.trim())).limit(1);
      return Boolean(row);
    },
  };
}

export type LeiasService = ReturnType<typeof createLeiasService>;
