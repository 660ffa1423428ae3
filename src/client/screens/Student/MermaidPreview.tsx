import { useEffect, useId, useState } from 'react';

/** Typing pauses this long before the diagram is drawn again. */
const PREVIEW_DELAY_MS = 400;

type Preview = { svg: string } | { error: string } | null;

/**
 * The live preview of a mermaid hand-in. The mermaid library is imported on first use only (its
 * chunk is large) and renders with its strict security level (no scripts, no HTML labels).
 */
export default function MermaidPreview({ text }: { text: string }) {
  const [preview, setPreview] = useState<Preview>(null);
  const id = `mermaid-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  useEffect(() => {
    if (text.trim() === '') {
      setPreview(null);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const { default: mermaid } = await import('mermaid');
        mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
        const { svg } = await mermaid.render(id, text);
        if (current) setPreview({ svg });
      } catch (error) {
        if (current) setPreview({ error: error instanceof Error ? error.message : String(error) });
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, id]);

  if (preview === null)
    return <p className="hand-in__preview hand-in__preview--empty">The diagram appears here as you type.</p>;
  if ('error' in preview) {
    return (
      <p className="hand-in__preview hand-in__preview--error">
        The diagram cannot be drawn yet: {preview.error.split('\n')[0]}
      </p>
    );
  }
  return (
    <figure className="hand-in__preview" aria-label="Diagram preview">
      {/* mermaid's own SVG, sanitised by its strict security level */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG mermaid drew from the student's text */}
      <div dangerouslySetInnerHTML={{ __html: preview.svg }} />
    </figure>
  );
}
