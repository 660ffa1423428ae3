import { getLeia, type Leia } from '@client/api/leias';
import { getResource, type ResourceItem } from '@client/api/resources';
import type { HistoryKind, VersionContent } from '@machines/history';
import type { ResourceKind } from '@shared/schemas/resources';

/**
 * A version as the History diff shows it: the item as its YAML file reads (the catalogue's
 * format: apiVersion, kind, metadata, spec), and for a LEIA its three resolved parts (without
 * their ids, which differ between versions without meaning anything).
 */

export const resourceDocument = (kind: ResourceKind, item: ResourceItem) => ({
  apiVersion: item.apiVersion,
  kind,
  metadata: item.metadata,
  spec: item.spec,
});

export const leiaDocument = (leia: Leia) => {
  const part = ({ apiVersion, metadata, spec }: Leia['spec']['persona']) => ({ apiVersion, metadata, spec });
  return {
    kind: 'leia',
    metadata: leia.metadata,
    spec: {
      persona: part(leia.spec.persona),
      problem: part(leia.spec.problem),
      behaviour: part(leia.spec.behaviour),
    },
  };
};

/** The YAML printer is a chunk of its own, loaded on the first comparison. */
const toYaml = async (document: unknown) => {
  const { stringify } = await import('yaml');
  return stringify(document, { lineWidth: 0 });
};

/** One version's document and YAML, as the caller may read it (the server hides what it must). */
export async function loadVersionContent(
  kind: HistoryKind,
  id: string,
  signal?: AbortSignal,
): Promise<VersionContent> {
  const document =
    kind === 'leia'
      ? leiaDocument(await getLeia(id, { signal }))
      : resourceDocument(kind, await getResource(kind, id, { signal }));
  return { document, text: await toYaml(document) };
}
