import type { VersionsKind } from '@machines/versions/contract';
import type { Lineage, VersionEntry } from '@shared/schemas/history';
import { RESOURCE_COLLECTIONS } from '@shared/schemas/resources';
import type { VersionBump } from '@shared/semver';
import { type CallOptions, clientFor } from './client';

/**
 * The history calls, the same for personas, problems, behaviours and LEIAs: the visible versions
 * of an item's name (metadata only), its lineage, and restore (a new version with old content).
 */

const itemPath = (kind: VersionsKind, id: string) =>
  `/${kind === 'leia' ? 'leias' : RESOURCE_COLLECTIONS[kind]}/${encodeURIComponent(id)}`;

/** GET .../{id}/versions: newest first. */
export const listVersions = (kind: VersionsKind, id: string, options?: CallOptions) =>
  clientFor(options)<VersionEntry[]>(`${itemPath(kind, id)}/versions`, { signal: options?.signal });

/** GET .../{id}/lineage: where it came from (named only when readable) and what was derived from it. */
export const getLineage = (kind: VersionsKind, id: string, options?: CallOptions) =>
  clientFor(options)<Lineage>(`${itemPath(kind, id)}/lineage`, { signal: options?.signal });

export interface RestoredItem {
  id: string;
  metadata: { name: string; version: string };
}

/**
 * POST .../{id}/restore. A refusal (403) is shown where it happened, not by leaving for /forbidden;
 * a 401 still ends the session.
 */
export const restoreVersion = (
  kind: VersionsKind,
  id: string,
  bump: VersionBump,
  options?: Pick<CallOptions, 'signal'>,
) =>
  clientFor({ ...options, handleForbidden: false })<RestoredItem>(`${itemPath(kind, id)}/restore`, {
    method: 'POST',
    body: { bump },
    signal: options?.signal,
  });
