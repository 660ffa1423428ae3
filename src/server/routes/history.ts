import {
  type Lineage,
  lineageSchema,
  restoreBodySchema,
  type VersionEntry,
  versionEntrySchema,
} from '@shared/schemas/history';
import { publishQuerySchema } from '@shared/schemas/visibility';
import type { VersionBump } from '@shared/semver';
import { z } from 'zod';
import { actorOf } from '../auth/hooks';
import type { App } from '../context';
import { idParams, replies } from '../http/replies';
import type { SignedInUser } from '../services/actor';

/** What a versioned area offers for its items' history (services/history.ts does the work). */
export interface HistoryService {
  versions(actor: SignedInUser, id: string): Promise<VersionEntry[]>;
  lineage(actor: SignedInUser, id: string): Promise<Lineage>;
  /** Resolves with the new version, as the area's item schema describes it. */
  restore(
    actor: SignedInUser,
    id: string,
    options: { bump: VersionBump; publish: boolean },
  ): Promise<unknown>;
}

/**
 * GET /{id}/versions, GET /{id}/lineage and POST /{id}/restore: the same for personas, problems,
 * behaviours and LEIAs, registered inside each area's plugin (its prefix and auth hook apply).
 */
export function historyRoutes(
  app: App,
  service: HistoryService,
  itemSchema: z.ZodType,
  tags: string[],
): void {
  app.get(
    '/:id/versions',
    { schema: { params: idParams, response: replies({ 200: z.array(versionEntrySchema) }), tags } },
    (request) => service.versions(actorOf(request), request.params.id),
  );

  app.get(
    '/:id/lineage',
    { schema: { params: idParams, response: replies({ 200: lineageSchema }), tags } },
    (request) => service.lineage(actorOf(request), request.params.id),
  );

  app.post(
    '/:id/restore',
    {
      schema: {
        params: idParams,
        body: restoreBodySchema,
        querystring: publishQuerySchema,
        response: replies({ 201: itemSchema }),
        tags,
      },
    },
    async (request, reply) => {
      const { bump } = request.body;
      const restored = await service.restore(actorOf(request), request.params.id, {
        bump,
        publish: request.query.publish,
      });
      return reply.code(201).send(restored);
    },
  );
}
