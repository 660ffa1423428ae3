import type { ActivitiesService } from './activities';
import type { LeiasService } from './leias';
import type { ResourcesService } from './resources';
import type { RunnerSources } from './runner-leia';

/** The runner reads stored resources, LEIAs and activities through their services (their queries, their 404s). */
export const runnerSourcesFrom = (
  resources: ResourcesService,
  leias: LeiasService,
  activities: ActivitiesService,
): RunnerSources => ({
  resource: (actor, kind, id) => resources.readStored(actor, kind, id),
  leia: (actor, id) => leias.readStored(actor, id),
  ownsActivityConfig: (actor, context) =>
    activities.ownsConfig(actor, context.experimentId, context.leiaConfigId),
});
