import { readSolution, type SolutionElement } from '@shared/evaluation/elements';
import type { ActivityMode } from '@shared/schemas/activities';
import type { SolutionFormat } from '@shared/schemas/resources';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { experimentLeias, leias, resources } from '../db/schema';
import { buildSystemPrompt } from '../runner/prompt';
import { type LeiaPart, type ResolvedLeia, specText } from '../runner/provider';
import { leiaViews } from './leia-views';
import { toStoredPart } from './resources';

/**
 * The LEIA configurations of an activity as a class runs them. A student is like an instructor:
 * the behaviour runs in full (only the model reads it), while the persona and problem are their
 * restricted views (@shared/behaviour-view), so nothing a student reads back (instructions,
 * simulator replies) is made of the behaviour's hidden text. A published activity's
 * configurations and its LEIA rows never change, so a process keeps what it built.
 */

export interface ClassLeia {
  configId: string;
  position: number;
  name: string;
  mode: ActivityMode;
  /** {link} or {messages} in transcription mode. */
  data: Record<string, unknown> | null;
  leiaId: string;
  leia: ResolvedLeia;
  system: string;
  /** The problem's description with its placeholders filled in: the student's instructions. */
  instructions: string;
  personaName?: string;
  solution: string;
  solutionFormat: SolutionFormat;
  problem: LeiaPart;
  /** The solution read into elements, for measuring each turn (none without a solution). */
  elements: SolutionElement[];
}

const MAX_CACHED = 2_000;

/** A standard configuration's solution elements; a transcription's is never measured. */
function solutionOf(problem: LeiaPart, mode: ActivityMode): SolutionElement[] {
  const solution = specText(problem.spec, 'solution');
  if (mode !== 'standard' || solution === '') return [];
  return readSolution(solution, (specText(problem.spec, 'solutionFormat') || 'text') as SolutionFormat)
    .elements;
}

/** Older rows without their stored views (before the start-up backfill) get them computed. */
async function restrictedOf(tx: Db | Tx, row: typeof leias.$inferSelect): Promise<ResolvedLeia> {
  if (row.restrictedSpec) return row.restrictedSpec as unknown as ResolvedLeia;
  const ids = [row.personaId, row.problemId, row.behaviourId];
  const parts = await tx.select().from(resources).where(inArray(resources.id, ids));
  const part = (id: string) => toStoredPart(parts.find((p) => p.id === id)!);
  const raw = {
    persona: part(row.personaId),
    problem: part(row.problemId),
    behaviour: part(row.behaviourId),
  };
  return leiaViews(raw, row.spec as never).restrictedSpec as unknown as ResolvedLeia;
}

/** A configuration as a class runs it, from its LEIA row. */
async function build(tx: Db | Tx, config: typeof experimentLeias.$inferSelect): Promise<ClassLeia> {
  const [row] = await tx.select().from(leias).where(eq(leias.id, config.leiaId));
  const full = row!.spec as unknown as ResolvedLeia;
  const view = await restrictedOf(tx, row!);
  const leia: ResolvedLeia = { persona: view.persona, problem: view.problem, behaviour: full.behaviour };
  const personaName = specText(view.persona.spec, 'fullName') || specText(view.persona.spec, 'firstName');
  return {
    configId: config.id,
    position: config.position,
    name: row!.name,
    mode: config.mode,
    data: config.data ?? null,
    leiaId: row!.id,
    leia,
    system: buildSystemPrompt(leia),
    instructions: specText(view.problem.spec, 'description'),
    ...(personaName && { personaName }),
    // The solution is compared with the conversation and the hand-in; no student reads it.
    solution: specText(full.problem.spec, 'solution'),
    solutionFormat: (specText(full.problem.spec, 'solutionFormat') || 'text') as SolutionFormat,
    problem: full.problem,
    elements: solutionOf(full.problem, config.mode),
  };
}

export function createClassLeias(db: Db) {
  const cache = new Map<string, ClassLeia>();
  /** A published activity's configurations never change: their ids, by activity. */
  const activities = new Map<string, string[]>();

  return {
    /** The configurations of an activity, in their order. */
    async ofActivity(tx: Db | Tx, experimentId: string): Promise<ClassLeia[]> {
      const known = activities.get(experimentId);
      if (known?.every((id) => cache.has(id))) return known.map((id) => cache.get(id)!);
      const configs = await tx
        .select()
        .from(experimentLeias)
        .where(eq(experimentLeias.experimentId, experimentId))
        .orderBy(experimentLeias.position);
      const built = await Promise.all(configs.map((config) => this.ofConfig(tx, config)));
      if (activities.size >= MAX_CACHED) activities.delete(activities.keys().next().value!);
      activities.set(
        experimentId,
        built.map((leia) => leia.configId),
      );
      return built;
    },

    async ofConfig(tx: Db | Tx, config: typeof experimentLeias.$inferSelect): Promise<ClassLeia> {
      const known = cache.get(config.id);
      if (known) return known;
      const built = await build(tx, config);
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      cache.set(config.id, built);
      return built;
    },

    /** One configuration by id (a student's). */
    async byId(configId: string): Promise<ClassLeia> {
      const known = cache.get(configId);
      if (known) return known;
      const [config] = await db.select().from(experimentLeias).where(eq(experimentLeias.id, configId));
      return this.ofConfig(db, config!);
    },
  };
}

export type ClassLeias = ReturnType<typeof createClassLeias>;
