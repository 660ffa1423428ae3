import type { Activity, LeiaConfig, PopulatedLeia } from '@shared/schemas/activities';
import type { Leia } from '@shared/schemas/leias';
import { asc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { type ExperimentLeiaRow, type ExperimentRow, experimentLeias, leias } from '../db/schema';

/** Activity rows as the API answers them, and the reads that make them (services/activities.ts). */

const iso = (date: Date) => date.toISOString();

/** An activity row with its configurations, in order. */
export interface Loaded {
  activity: ExperimentRow;
  configs: ExperimentLeiaRow[];
}

export const toConfig = (row: ExperimentLeiaRow, leia?: PopulatedLeia): LeiaConfig => {
  // Written only by the service, through the shared schemas: {link} or {messages}.
  const data = row.data as LeiaConfig['configuration']['data'] | null;
  return {
    id: row.id,
    leia: leia ?? row.leiaId,
    configuration: { mode: row.mode, ...(data && { data }) },
    ...(row.transcriptionSource &&
      row.transcriptionUpdatedAt && {
        transcription: { source: row.transcriptionSource, updatedAt: iso(row.transcriptionUpdatedAt) },
      }),
  };
};

export const toActivity = (
  { activity, configs }: Loaded,
  populated?: Map<string, PopulatedLeia>,
): Activity => ({
  id: activity.id,
  name: activity.name,
  createdAt: iso(activity.createdAt),
  isPublished: activity.isPublished,
  visibility: activity.isPublished ? 'public' : 'private',
  leias: configs.map((config) => toConfig(config, populated?.get(config.leiaId))),
});

export async function configsOf(tx: Db | Tx, ids: string[]): Promise<ExperimentLeiaRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(experimentLeias)
    .where(inArray(experimentLeias.experimentId, ids))
    .orderBy(asc(experimentLeias.position), asc(experimentLeias.createdAt));
}

/** The LEIAs of these configurations with their resolved specs (admins read everything). */
export async function populate(db: Db, configs: ExperimentLeiaRow[]): Promise<Map<string, PopulatedLeia>> {
  const ids = [...new Set(configs.map((config) => config.leiaId))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: leias.id,
      name: leias.name,
      version: leias.version,
      isPublished: leias.isPublished,
      spec: leias.spec,
    })
    .from(leias)
    .where(inArray(leias.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        metadata: { name: row.name, version: row.version },
        isPublished: row.isPublished,
        spec: row.spec as unknown as Leia['spec'],
      },
    ]),
  );
}
