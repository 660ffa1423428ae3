import type { ResourceItem } from '@shared/schemas/resource-api';
import { type ProcessValue, RESOURCE_COLLECTIONS, type ResourceKind } from '@shared/schemas/resources';
import type { Visibility } from '@shared/schemas/visibility';
import { type CallOptions, clientFor } from './client';

/**
 * The resources calls: /api/v1/personas, /problems, /behaviours (the server answers an instructor's
 * behaviour without its content: see src/shared/behaviour-view.ts).
 */

export type { ResourceItem };

export interface ResourceListFilters {
  visibility?: Visibility;
  /** Problems and behaviours only; 'all' (or absent) sends nothing. */
  process?: ProcessValue | 'all';
}

const collection = (kind: ResourceKind) => `/${RESOURCE_COLLECTIONS[kind]}`;
const itemPath = (kind: ResourceKind, id: string) => `${collection(kind)}/${encodeURIComponent(id)}`;

/** The list's query string: visibility only when not 'all', process only for problems and behaviours. */
export const resourceListQuery = (kind: ResourceKind, { visibility, process }: ResourceListFilters) => {
  const query: Record<string, string> = {};
  if (visibility && visibility !== 'all') query.visibility = visibility;
  if (kind !== 'persona' && process && process !== 'all') query.process = process;
  return query;
};

export const listResources = (kind: ResourceKind, filters: ResourceListFilters = {}, options?: CallOptions) =>
  clientFor(options)<ResourceItem[]>(collection(kind), {
    query: resourceListQuery(kind, filters),
    signal: options?.signal,
  });

export const getResource = (kind: ResourceKind, id: string, options?: CallOptions) =>
  clientFor(options)<ResourceItem>(itemPath(kind, id), { signal: options?.signal });

export interface ResourceCreateBody {
  apiVersion: string;
  metadata: { name: string; version: string };
  spec: Record<string, unknown>;
}

/** POST; `publish` is sent only when given (admins), as `?publish=true|false`. */
export const createResource = (
  kind: ResourceKind,
  body: ResourceCreateBody,
  { publish, ...options }: CallOptions & { publish?: boolean } = {},
) =>
  clientFor(options)<ResourceItem>(collection(kind), {
    method: 'POST',
    body,
    query: publish === undefined ? undefined : { publish: String(publish) },
    signal: options.signal,
  });

/**
 * DELETE. Leaves a 403 to the delete dialog, which shows RESOURCE_DELETE_TEXTS' permission text
 * instead of leaving for /forbidden; a 401 still ends the session.
 */
export const deleteResource = (kind: ResourceKind, id: string, options?: Pick<CallOptions, 'signal'>) =>
  clientFor({ ...options, handleForbidden: false })<void>(itemPath(kind, id), {
    method: 'DELETE',
    signal: options?.signal,
  });

/** GET .../exists/{name}: whether any version of the name exists, whoever owns it. */
export const resourceExists = async (kind: ResourceKind, name: string, options?: CallOptions) =>
  (
    await clientFor(options)<{ exists: boolean }>(`${collection(kind)}/exists/${encodeURIComponent(name)}`, {
      signal: options?.signal,
    })
  ).exists;
