import type { Actor } from '@shared/permissions';
import {
  ACTIVITY_TEXTS,
  type Activity,
  type ActivityExport,
  type LeiaConfig,
  type TranscriptionSource,
  type UpdateConfigBody,
} from '@shared/schemas/activities';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  type ExperimentLeiaRow,
  type ExperimentRow,
  experimentLeias,
  experiments,
  leias,
} from '../db/schema';
import { badRequest, conflict, forbidden, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../errors';
import { configsOf, type Loaded, populate, toActivity, toConfig } from './activity-rows';
import { UUID } from './actor';

/**
 * Activities and their LEIA configurations (the API's "experiments"). Only admins reach this
 * service (the routes require it); among admins, only an activity's owner may change it, and a
 * published activity cannot change at all. Every change checks, in this order: the activity (and
 * configuration) exist -> 404, the caller owns it -> 403, it is unpublished -> 409, then the
 * content -> 400; a refused request changes nothing.
 */

export interface ListOptions {
  visibility: 'all' | 'private' | 'public';
  populated: boolean;
}

/**
 * The activity for a change, locked for the rest of the transaction (two changes of one activity
 * run one after the other), after the checks every change shares: 404, 403, 409.
 */
async function forChange(tx: Tx, actor: Actor, id: string): Promise<Loaded> {
  if (!UUID.test(id)) throw notFound(ACTIVITY_TEXTS.notFound);
  const [activity] = await tx.select().from(experiments).where(eq(experiments.id, id)).for('update');
  if (!activity) throw notFound(ACTIVITY_TEXTS.notFound);
  if (activity.ownerId !== actor.id) throw forbidden(ACTIVITY_TEXTS.notOwner);
  if (activity.isPublished) throw conflict(ACTIVITY_TEXTS.published);
  return { activity, configs: await configsOf(tx, [id]) };
}

const configIn = (loaded: Loaded, configId: string): ExperimentLeiaRow => {
  const config = loaded.configs.find((row) => row.id === configId);
  if (!config) throw notFound(ACTIVITY_TEXTS.configNotFound);
  return config;
};

async function existingLeia(tx: Tx, id: string): Promise<void> {
  const [row] = await tx.select({ id: leias.id }).from(leias).where(eq(leias.id, id));
  if (!row) throw notFound(ACTIVITY_TEXTS.leiaNotFound);
}

async function touch(tx: Tx, id: string): Promise<void> {
  await tx.update(experiments).set({ updatedAt: new Date() }).where(eq(experiments.id, id));
}

/** Names are unique: the database says so, and a race ends as the same 409. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(ACTIVITY_TEXTS.duplicate(name));
    throw error;
  }
}

async function insertActivity(tx: Tx, actor: Actor, name: string): Promise<ExperimentRow> {
  const [row] = await tx.insert(experiments).values({ name, ownerId: actor.id }).returning();
  return row!;
}

/** After a change: the whole activity as the list shows it (populated, so the screen can replace its copy). */
async function reload(db: Db, id: string): Promise<Activity> {
  const [activity] = await db.select().from(experiments).where(eq(experiments.id, id));
  const configs = await configsOf(db, [id]);
  return toActivity({ activity: activity!, configs }, await populate(db, configs));
}

/**
 * What `data` becomes: a link clears the messages, messages clear the link; none keeps it. The
 * body passed leiaConfigurationSchema (@shared/schemas/activities): never both, only http(s) links,
 * messages as a transcription must be.
 */
function nextData(
  body: UpdateConfigBody,
): { data: Record<string, unknown> | null; source?: TranscriptionSource } | undefined {
  const data = body.configuration.data;
  if (data?.link != null) return { data: { link: data.link }, source: 'link' };
  if (data?.messages !== undefined) {
    return { data: { messages: data.messages }, source: body.source ?? 'edited' };
  }
  return data === null ? { data: null } : undefined;
}

/** The caller's activities, newest first, with their configurations (and their LEIAs when `populated`). */
async function listActivities(db: Db, actor: Actor, options: ListOptions): Promise<Activity[]> {
  const rows = await db
    .select()
    .from(experiments)
    .where(
      and(
        eq(experiments.ownerId, actor.id),
        options.visibility === 'all'
          ? undefined
          : eq(experiments.isPublished, options.visibility === 'public'),
      ),
    )
    .orderBy(desc(experiments.createdAt), desc(experiments.id));
  const configs = await configsOf(
    db,
    rows.map((row) => row.id),
  );
  const populated = options.populated ? await populate(db, configs) : undefined;
  return rows.map((activity) =>
    toActivity({ activity, configs: configs.filter((c) => c.experimentId === activity.id) }, populated),
  );
}

/** A LEIA added at the end of an activity, in the standard mode. */
async function addLeia(db: Db, actor: Actor, id: string, leiaId: string): Promise<LeiaConfig> {
  return db.transaction(async (tx) => {
    const loaded = await forChange(tx, actor, id);
    await existingLeia(tx, leiaId);
    const position = Math.max(0, ...loaded.configs.map((config) => config.position)) + 1;
    const [row] = await tx
      .insert(experimentLeias)
      .values({ experimentId: id, leiaId, position, mode: 'standard' })
      .returning();
    await touch(tx, id);
    return toConfig(row!);
  });
}

/** A configuration's mode and transcription (its LEIA never changes). */
async function updateConfig(
  db: Db,
  actor: Actor,
  id: string,
  configId: string,
  body: UpdateConfigBody,
): Promise<Activity> {
  await db.transaction(async (tx) => {
    const config = configIn(await forChange(tx, actor, id), configId);
    if (body.leia !== undefined && body.leia !== config.leiaId) throw badRequest(ACTIVITY_TEXTS.leiaChanged);
    const next = nextData(body);
    await tx
      .update(experimentLeias)
      .set({
        mode: body.configuration.mode,
        ...(next && {
          data: next.data,
          transcriptionSource: next.source ?? null,
          transcriptionUpdatedAt: next.data ? new Date() : null,
        }),
      })
      .where(eq(experimentLeias.id, configId));
    await touch(tx, id);
  });
  return reload(db, id);
}

async function removeLeia(db: Db, actor: Actor, id: string, configId: string): Promise<void> {
  await db.transaction(async (tx) => {
    configIn(await forChange(tx, actor, id), configId);
    await tx.delete(experimentLeias).where(eq(experimentLeias.id, configId));
    await touch(tx, id);
  });
}

/** Publishing is for good: a published activity never changes again (409 the second time). */
async function publish(db: Db, actor: Actor, id: string): Promise<Activity> {
  await db.transaction(async (tx) => {
    if (!UUID.test(id)) throw notFound(ACTIVITY_TEXTS.notFound);
    const [activity] = await tx.select().from(experiments).where(eq(experiments.id, id)).for('update');
    if (!activity) throw notFound(ACTIVITY_TEXTS.notFound);
    if (activity.ownerId !== actor.id) throw forbidden(ACTIVITY_TEXTS.notOwner);
    if (activity.isPublished) throw conflict(ACTIVITY_TEXTS.alreadyPublished);
    await tx
      .update(experiments)
      .set({ isPublished: true, updatedAt: new Date() })
      .where(eq(experiments.id, id));
  });
  return reload(db, id);
}

/** The caller's activity (404 otherwise), populated: what the export and the CSV are made of. */
async function read(db: Db, actor: Actor, id: string): Promise<Activity> {
  if (!UUID.test(id)) throw notFound(ACTIVITY_TEXTS.notFound);
  const [activity] = await db
    .select()
    .from(experiments)
    .where(and(eq(experiments.id, id), eq(experiments.ownerId, actor.id)));
  if (!activity) throw notFound(ACTIVITY_TEXTS.notFound);
  return reload(db, id);
}

/** A new, unpublished activity from an export; every LEIA it names must exist. */
async function importActivity(db: Db, actor: Actor, exported: ActivityExport): Promise<Activity> {
  const id = await uniqueName(exported.name, () =>
    db.transaction(async (tx) => {
      const activity = await insertActivity(tx, actor, exported.name);
      for (const [index, item] of exported.leias.entries()) {
        // The body passed activityImportSchema: the rules of an edit, real dates.
        await existingLeia(tx, item.leia.id);
        await tx.insert(experimentLeias).values({
          experimentId: activity.id,
          leiaId: item.leia.id,
          position: index + 1,
          mode: item.configuration.mode,
          data: item.configuration.data ?? null,
          transcriptionSource: item.transcription?.source ?? null,
          transcriptionUpdatedAt: item.transcription ? new Date(item.transcription.updatedAt) : null,
        });
      }
      return activity.id;
    }),
  );
  return reload(db, id);
}

/** Whether `configId` of activity `id` belongs to `actor` (a chat recording a transcription for it). */
async function ownsConfig(db: Db, actor: Actor, id: string, configId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(experimentLeias)
    .innerJoin(experiments, eq(experiments.id, experimentLeias.experimentId))
    .where(and(eq(experiments.id, id), eq(experimentLeias.id, configId), eq(experiments.ownerId, actor.id)));
  return Boolean(row);
}

export function createActivitiesService(db: Db) {
  return {
    list: (actor: Actor, options: ListOptions) => listActivities(db, actor, options),
    create: (actor: Actor, name: string): Promise<Activity> =>
      uniqueName(name, () =>
        db.transaction(async (tx) =>
          toActivity({ activity: await insertActivity(tx, actor, name), configs: [] }),
        ),
      ),
    addLeia: (actor: Actor, id: string, leiaId: string) => addLeia(db, actor, id, leiaId),
    updateConfig: (actor: Actor, id: string, configId: string, body: UpdateConfigBody) =>
      updateConfig(db, actor, id, configId, body),
    removeLeia: (actor: Actor, id: string, configId: string) => removeLeia(db, actor, id, configId),
    publish: (actor: Actor, id: string) => publish(db, actor, id),
    remove: (actor: Actor, id: string): Promise<void> =>
      db.transaction(async (tx) => {
        await forChange(tx, actor, id);
        await tx.delete(experiments).where(eq(experiments.id, id));
      }),
    read: (actor: Actor, id: string) => read(db, actor, id),
    importActivity: (actor: Actor, exported: ActivityExport) => importActivity(db, actor, exported),
    ownsConfig: (actor: Actor, id: string, configId: string) => ownsConfig(db, actor, id, configId),
  };
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
