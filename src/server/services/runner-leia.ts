import { leiaForViewer, partForViewer } from '@shared/behaviour-view';
import {
  ENGINE_TEXTS,
  type ResolvedLeia as EngineResolvedLeia,
  generateLeia,
  type LeiaPart,
  type LeiaParts,
  silentLogger,
} from '@shared/engine';
import { type Actor, canSeeBehaviour } from '@shared/permissions';
import { type ResourceKind, resourceKinds, SPEC_SCHEMAS } from '@shared/schemas/resources';
import {
  type ExperimentContext,
  RUNNER_TEXTS,
  type RunnerPart,
  type RunnerSpec,
} from '@shared/schemas/runner';
import { badRequest } from '../errors';
import type { ResolvedLeia } from '../runner/provider';
import { LEIA_API_TEXTS, type StoredLeia } from './leias';
import type { StoredPart } from './resources';

/**
 * Which LEIA a runner request means, resolved with the generation engine: from a stored LEIA, or
 * from three parts that are stored references or raw (unsaved) specs. The rules of
 * docs/architecture.md "Roles" hold here as in the resources and LEIA APIs: whatever the caller sends,
 * a user who may not see behaviour content runs the stored behaviour they chose by id, and nothing
 * they can read back (problem description, simulator replies, transcriptions) is made of it.
 */

/** Reads of stored items with the caller's visibility rules (not readable: a not-found DomainError). */
export interface RunnerSources {
  resource(actor: Actor, kind: ResourceKind, id: string): Promise<StoredPart>;
  leia(actor: Actor, id: string): Promise<StoredLeia>;
  /** Whether the activity configuration a chat records a transcription for is the caller's. */
  ownsActivityConfig(actor: Actor, context: ExperimentContext): Promise<boolean>;
}

export interface LeiaToRun {
  /** Set when a stored LEIA was chosen. */
  leiaId?: string;
  name?: string;
  leia: ResolvedLeia;
}

/** The engine's order of the 'component is missing' texts: behaviour, problem, persona. */
const MISSING_ORDER = ['behaviour', 'problem', 'persona'] as const satisfies readonly ResourceKind[];

export async function resolveLeiaToRun(
  sources: RunnerSources,
  actor: Actor,
  source: {
    leia?: string | undefined;
    spec?: RunnerSpec | undefined;
    metadata?: { name?: string | undefined };
  },
): Promise<LeiaToRun> {
  if (source.leia !== undefined) {
    // A stored LEIA holds resolved copies: used as they are (running the engine again would
    // apply the problem's extends twice).
    const stored = await sources.leia(actor, source.leia);
    return {
      leiaId: stored.id,
      name: stored.metadata.name,
      leia: forRunning(actor, stored.raw, stored.resolved),
    };
  }
  const parts = await loadParts(sources, actor, source.spec ?? {});
  const name = source.metadata?.name?.trim();
  return { ...(name ? { name } : {}), leia: resolveParts(actor, parts) };
}

async function loadParts(sources: RunnerSources, actor: Actor, spec: RunnerSpec): Promise<LeiaParts> {
  const missing = MISSING_ORDER.filter((kind) => spec[kind] === undefined);
  if (missing.length > 0) {
    const errors = missing.map((kind) => ENGINE_TEXTS.missingComponent[kind]);
    throw badRequest(
      errors.join('; '),
      Object.fromEntries(missing.map((kind, i) => [`spec.${kind}`, errors[i]!])),
    );
  }
  const [persona, problem, behaviour] = await Promise.all(
    resourceKinds.map((kind) => loadPart(sources, actor, kind, spec[kind]!)),
  );
  return { persona: persona!, problem: problem!, behaviour: behaviour! };
}

async function loadPart(
  sources: RunnerSources,
  actor: Actor,
  kind: ResourceKind,
  part: RunnerPart,
): Promise<LeiaPart> {
  const hidden = kind === 'behaviour' && !canSeeBehaviour(actor);
  const storedId =
    typeof part === 'string' ? part : part.id !== undefined && (hidden || !part.edited) ? part.id : undefined;
  if (storedId !== undefined) return sources.resource(actor, kind, storedId);
  if (hidden || typeof part === 'string') {
    throw badRequest(RUNNER_TEXTS.instructorBehaviour, {
      'spec.behaviour': RUNNER_TEXTS.instructorBehaviour,
    });
  }
  const parsed = SPEC_SCHEMAS[kind].safeParse(part.spec);
  if (!parsed.success) {
    const validationErrors = Object.fromEntries(
      parsed.error.issues.map((issue) => [['spec', kind, 'spec', ...issue.path].join('.'), issue.message]),
    );
    throw badRequest(`Invalid ${kind}: ${Object.values(validationErrors).join('; ')}`, validationErrors);
  }
  const raw: LeiaPart = {
    ...(part.id !== undefined && { id: part.id }),
    ...(part.apiVersion !== undefined && { apiVersion: part.apiVersion }),
    ...(part.metadata !== undefined && { metadata: part.metadata }),
    spec: parsed.data,
  };
  // Entries of a problem that target a behaviour's hidden fields are what an instructor never saw
  // (the API sent them the problem without them); a raw problem from them runs without them too.
  return kind === 'problem' ? partForViewer(actor, 'problem', raw) : raw;
}

/** Runs the generation engine (constraint errors -> 400 listing them). */
function resolveParts(actor: Actor, parts: LeiaParts): ResolvedLeia {
  const full = generateLeia(parts, { logger: silentLogger });
  if (!full.ok) throw badRequest(LEIA_API_TEXTS.generationFailed(full.errors), undefined, full.errors);
  return forRunning(actor, parts, full.leia);
}

/**
 * What a session runs: the full behaviour (only the model reads it), with the persona and problem
 * as the caller may read them. Their texts come back to the caller (problem description,
 * simulator replies, transcriptions), so for an instructor they are resolved without the hidden
 * behaviour content (see leiaForViewer).
 */
function forRunning(actor: Actor, raw: LeiaParts, resolved: EngineResolvedLeia): ResolvedLeia {
  const view = leiaForViewer(actor, raw, resolved);
  return { persona: view.persona, problem: view.problem, behaviour: resolved.behaviour };
}
