import { DEFAULT_API_VERSION } from './schemas/resources';
import { DEFAULT_VERSION } from './semver';

/**
 * "Cleanup before saving an edited resource" (the product's rule): an edited part is saved as a
 * new resource, so its id, timestamps, owner, edited and published flags are removed and its
 * version is reset to 1.0.0. It takes the name the designer gave it (trimmed). What is left is a
 * create body, `{apiVersion, metadata: {name, version}, spec}`, which the resources API parses with
 * the same shared schemas (src/shared/schemas/resources.ts).
 */

/** A part as the design wizard holds it: a stored resource, perhaps edited. */
export interface EditedResource {
  id?: string;
  apiVersion?: string;
  metadata?: { name?: string; version?: string };
  spec: Record<string, unknown>;
  user?: unknown;
  isPublished?: boolean;
  createdAt?: string;
  updatedAt?: string;
  edited?: boolean;
}

export interface CleanResourceBody {
  apiVersion: string;
  metadata: { name: string; version: string };
  spec: Record<string, unknown>;
}

export function cleanupForSave(resource: EditedResource, name: string): CleanResourceBody {
  const {
    id: _id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    user: _owner,
    edited: _edited,
    isPublished: _published,
    ...kept
  } = resource;
  return {
    apiVersion: kept.apiVersion ?? DEFAULT_API_VERSION,
    metadata: { name: name.trim(), version: DEFAULT_VERSION },
    spec: kept.spec,
  };
}
