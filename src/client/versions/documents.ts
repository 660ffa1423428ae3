import { getLeia, type Leia } from '@client/api/leias';
import { getResource, type ResourceItem } from '@client/api/resources';
import type { VersionContent, VersionsKind } from '@machines/versions/contract';
import type { ResourceKind } from '@shared/schemas/resources';

/**
 * A version as the History diff shows it: the item as its YAML file reads (the catalogue's
 * format: apiVersion, kind, metadata, spec), and for a LEIA its three parts' own specs (without
 * their ids, which differ between versions without meaning anything). A LEIA keeps its parts as
 * generated (placeholders filled: the behaviour's prompt carries the problem's text), so a LEIA's
 * parts are read as stored; a part the caller may not read is compared as the LEIA keeps it.
 */

export const resourceDocument = (kind: ResourceKind, item: ResourceItem) => ({
  apiVersion: item.apiVersion,
  kind,
  metadata: item.metadata,
  spec: item.spec,
});

type LeiaPart = Pick<Leia['spec']['persona'], 'apiVersion' | 'metadata' | 'spec'>;

export const leiaDocument = (leia: Leia, parts: Record<ResourceKind, LeiaPart> = leia.spec) => {
  const part = ({ apiVersion, metadata, spec }: LeiaPart) => ({ apiVersion, metadata, spec });
  return {
    kind: 'leia',
    metadata: leia.metadata,
    spec: {
      persona: part(parts.persona),
      problem: part(parts.problem),
      behaviour: part(parts.behaviour),
    },
  };
};

const KINDS = ['persona', 'problem', 'behaviour'] as const;

/** A LEIA's three parts as stored (their own specs, before generation). */
async function storedParts(leia: Leia, signal?: AbortSignal): Promise<Record<ResourceKind, LeiaPart>> {
  const loaded = await Promise.all(
    KINDS.map((kind) =>
      getResource(kind, leia.spec[kind].id, { signal }).catch((error: unknown) => {
        if (signal?.aborted) throw error;
        return leia.spec[kind];
      }),
    ),
  );
  return { persona: loaded[0]!, problem: loaded[1]!, behaviour: loaded[2]! };
}

/** The YAML printer is a chunk of its own, loaded on the first comparison. */
const toYaml = async (document: unknown) => {
  const { stringify } = await import('yaml');
  return stringify(document, { lineWidth: 0 });
};

/** One version's document and YAML, as the caller may read it (the server hides what it must). */
export async function loadVersionContent(
  kind: VersionsKind,
  id: string,
  signal?: AbortSignal,
): Promise<VersionContent> {
  let document: object;
  if (kind === 'leia') {
    const leia = await getLeia(id, { signal });
    document = leiaDocument(leia, await storedParts(leia, signal));
  } else {
    document = resourceDocument(kind, await getResource(kind, id, { signal }));
  }
  return { document, text: await toYaml(document) };
}
