import { type Actor, isAdmin } from '@shared/permissions';
import type { LeiasService } from './leias';
import type { ResourcesService } from './resources';
import type { RunnerSources, StoredPart } from './runner-leia';

/**
 * The runner's reads of stored resources and LEIAs, through the resources and LEIA services (their
 * queries and visibility rules, their 404s). Those services answer with what the caller may see,
 * and an instructor may not see behaviour content; the runner must still run it. So the read is
 * made as an advanced user with the caller's id: the same visibility (owner or published; only
 * admins read more) with behaviour content kept. The content never leaves the server: it becomes
 * the system prompt (see runner-leia.ts for what an instructor can read back).
 */
const withBehaviourSight = (actor: Actor): Actor =>
  isAdmin(actor) ? actor : { id: actor.id, role: 'advanced' };

const toStoredPart = (item: StoredPart): StoredPart => ({
  id: item.id,
  apiVersion: item.apiVersion,
  metadata: { name: item.metadata.name, version: item.metadata.version },
  spec: item.spec as Record<string, unknown>,
});

export function runnerSourcesFrom(resources: ResourcesService, leias: LeiasService): RunnerSources {
  return {
    async resource(actor, kind, id) {
      return toStoredPart(await resources.get(withBehaviourSight(actor), kind, id));
    },
    async leia(actor, id) {
      const leia = await leias.get(withBehaviourSight(actor), id);
      return {
        id: leia.id,
        metadata: leia.metadata,
        spec: {
          persona: toStoredPart(leia.spec.persona),
          problem: toStoredPart(leia.spec.problem),
          behaviour: toStoredPart(leia.spec.behaviour),
        },
      };
    },
  };
}
