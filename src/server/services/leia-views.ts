import { restrictedLeiaView } from '@shared/behaviour-view';
import type { LeiaParts, ResolvedLeia } from '@shared/engine';
import type { Leia } from '@shared/schemas/leias';
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leias, resources } from '../db/schema';
import { type StoredPart, toStoredPart } from './resources';

/**
 * What a LEIA row stores beside its resolved spec, for readers who may not see behaviour content:
 * their view of the spec, and the list description taken from that view. Both are computed on write
 * (and by the start-up backfill for older rows), so no read ever derives them from the full spec.
 */

type LeiaSpec = Leia['spec'];

/** Search shows at most two lines of it; a bound keeps rows and the trigram index small. */
export const MAX_DESCRIPTION_CHARS = 4_000;

/** The first `max` characters, never cutting a character in two. */
const clip = (text: string, max: number): string => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return cut.isWellFormed() ? cut : cut.slice(0, -1);
};

/** Search shows (and matches) the problem's description, else the persona's. */
export const leiaDescription = (spec: ResolvedLeia): string => {
  for (const text of [spec.problem.spec.description, spec.persona.spec.description]) {
    if (typeof text === 'string' && text.trim() !== '') return clip(text, MAX_DESCRIPTION_CHARS);
  }
  return '';
};

export interface LeiaViews {
  restrictedSpec: LeiaSpec;
  description: string;
}

export const leiaViews = (raw: LeiaParts, resolved: ResolvedLeia): LeiaViews => {
  const restrictedSpec = restrictedLeiaView(raw, resolved) as LeiaSpec;
  return { restrictedSpec, description: leiaDescription(restrictedSpec) };
};

const BACKFILL_BATCH = 200;

/**
 * Fills in the views of rows stored before they existed (migration 0007), a batch at a time. Safe
 * to run from several processes at once: each writes the same values.
 */
export async function backfillLeiaViews(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .select({
        id: leias.id,
        spec: leias.spec,
        personaId: leias.personaId,
        problemId: leias.problemId,
        behaviourId: leias.behaviourId,
      })
      .from(leias)
      .where(isNull(leias.restrictedSpec))
      .orderBy(asc(leias.id))
      .limit(BACKFILL_BATCH);
    if (rows.length === 0) return done;
    const partIds = [...new Set(rows.flatMap((row) => [row.personaId, row.problemId, row.behaviourId]))];
    const parts = new Map(
      (await db.select().from(resources).where(inArray(resources.id, partIds))).map((row) => [
        row.id,
        toStoredPart(row),
      ]),
    );
    const part = (id: string): StoredPart => parts.get(id)!;
    const updates = rows.map((row) => {
      const raw = {
        persona: part(row.personaId),
        problem: part(row.problemId),
        behaviour: part(row.behaviourId),
      };
      return { id: row.id, ...leiaViews(raw, row.spec as unknown as ResolvedLeia) };
    });
    await db.execute(sql`
      update ${leias} set restricted_spec = v.restricted_spec, description = v.description
      from jsonb_to_recordset(${JSON.stringify(
        updates.map((u) => ({ id: u.id, restricted_spec: u.restrictedSpec, description: u.description })),
      )}::jsonb) as v(id uuid, restricted_spec jsonb, description text)
      where ${leias.id} = v.id`);
    done += rows.length;
  }
}

/**
 * The backfill as the server runs it, once, after start: `running` is pending while it runs (lists
 * wait on it, nothing else does). If it fails, `running` stays rejected, so lists keep failing (a
 * 500, logged) rather than show rows without their views.
 */
export function viewsBackfill(db: Db) {
  const state: { running?: Promise<number> } = {};
  return {
    get running() {
      return state.running;
    },
    /** Resolves with the rows it filled in. */
    run(): Promise<number> {
      state.running ??= backfillLeiaViews(db).then((rows) => {
        state.running = undefined;
        return rows;
      });
      return state.running;
    },
  };
}
