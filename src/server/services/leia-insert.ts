import { generateLeia, type LeiaPart, silentLogger } from '@shared/engine';
import type { Actor } from '@shared/permissions';
import type { Leia, LeiaPartCopy } from '@shared/schemas/leias';
import { type ResourceKind, resourceKinds } from '@shared/schemas/resources';
import { and, inArray, not } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { type LeiaRow, leias, resources } from '../db/schema';
import { badRequest } from '../errors';
import { leiaViews } from './leia-views';
import { claimVersion, type VersionChoice } from './versions';

/**
 * Writing a LEIA row: the step the API (services/leias.ts), restores and the catalogue import share.
 */

type StoredLeiaSpec = Leia['spec'];

export const LEIA_GENERATION_TEXTS = {
  generationFailed: (errors: string[]) => `LEIA generation failed: ${errors.join('; ')}`,
} as const;

/** A part as it goes into the engine and into the stored spec, plus whether it is published yet. */
export type LeiaPartInput = LeiaPartCopy & { isPublished: boolean };

/**
 * Checks the name and version, runs the generation engine and stores the part ids with the resolved
 * copies, inside the caller's transaction, so a failure anywhere leaves nothing. A new version of an
 * existing LEIA stays its owner's; `author` is recorded as who made it. Publishing also publishes
 * the parts that are still unpublished. Shared by the API and the catalogue import; the caller has
 * checked that `author` may read the parts and publish. `metadata.version` is the version asked for,
 * or how to bump the latest (a restore).
 */
export async function insertLeia(
  tx: Tx,
  author: Actor,
  metadata: { name: string; version: VersionChoice },
  parts: Record<ResourceKind, LeiaPartInput>,
  options: { publish: boolean; note?: string | undefined; derivedFromId?: string | null },
): Promise<LeiaRow> {
  const { ownerId, ...version } = await claimVersion(
    tx,
    { table: leias, label: 'LEIA' },
    author,
    metadata.name,
    metadata.version,
  );
  const raw = engineInputs(parts);
  const result = generateLeia(raw, { logger: silentLogger });
  if (!result.ok)
    throw badRequest(LEIA_GENERATION_TEXTS.generationFailed(result.errors), undefined, result.errors);
  const spec = result.leia as unknown as StoredLeiaSpec;
  const views = leiaViews(raw, result.leia);
  const [row] = await tx
    .insert(leias)
    .values({
      name: metadata.name,
      ...version,
      spec: spec as unknown as Record<string, unknown>,
      restrictedSpec: views.restrictedSpec as unknown as Record<string, unknown>,
      description: views.description,
      personaId: parts.persona.id,
      problemId: parts.problem.id,
      behaviourId: parts.behaviour.id,
      ownerId,
      authorId: author.id,
      isPublished: options.publish,
      note: options.note ?? null,
      derivedFromId: options.derivedFromId ?? null,
    })
    .returning();
  if (options.publish) {
    const unpublished = resourceKinds
      .filter((kind) => !parts[kind].isPublished)
      .map((kind) => parts[kind].id);
    if (unpublished.length > 0) {
      await tx
        .update(resources)
        .set({ isPublished: true, updatedAt: new Date() })
        .where(and(inArray(resources.id, unpublished), not(resources.isPublished)));
    }
  }
  return row!;
}

/** The engine sees a part as {id, apiVersion, metadata, spec}; that is also what gets stored. */
const engineInput = ({ isPublished: _published, ...part }: LeiaPartInput) => part satisfies LeiaPart;
export const engineInputs = (parts: Record<ResourceKind, LeiaPartInput>) => ({
  persona: engineInput(parts.persona),
  problem: engineInput(parts.problem),
  behaviour: engineInput(parts.behaviour),
});
