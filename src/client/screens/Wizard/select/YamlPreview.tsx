import type { PartKind, WizardPart } from '@machines/wizard/parts';
import { useEffect, useState } from 'react';

/** The resource as its YAML file reads (the catalogue's format): apiVersion, kind, metadata, spec. */
const asDocument = (kind: PartKind, part: WizardPart) => ({
  apiVersion: part.apiVersion,
  kind,
  metadata: part.metadata,
  spec: part.spec,
});

/**
 * The read-only YAML preview of a step 1 card (500x300 px). The YAML printer is a chunk of its
 * own, loaded on the first preview; until then the preview shows the same document as JSON.
 */
export function YamlPreview({ id, kind, part }: { id: string; kind: PartKind; part: WizardPart }) {
  const [yaml, setYaml] = useState<{ part: WizardPart; text: string } | null>(null);
  useEffect(() => {
    let current = true;
    import('yaml')
      .then(({ stringify }) => {
        if (current) setYaml({ part, text: stringify(asDocument(kind, part), { lineWidth: 0 }) });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [kind, part]);
  const text = yaml?.part === part ? yaml.text : JSON.stringify(asDocument(kind, part), null, 2);
  return (
    <div className="yaml-preview" id={id} role="tooltip">
      <pre className="yaml-preview__text">{text}</pre>
    </div>
  );
}
