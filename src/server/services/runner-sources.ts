import type { LeiasService } from './leias';
import type { ResourcesService } from './resources';
import type { RunnerSources } from './runner-leia';

/** The runner reads stored resources and LEIAs through their services (their queries, their 404s). */
export const runnerSourcesFrom = (resources: ResourcesService, leias: LeiasService): RunnerSources => ({
  resource: (actor, kind, id) => resources.readStored(actor, kind, id),
  leia: (actor, id) => leias.readStored(actor, id),
});
