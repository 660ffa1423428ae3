import { type SolutionFormat, solutionFormats } from '@shared/schemas/resources';
import { useEffect, useState } from 'react';
import './code-block.css';

/** Formats with a grammar; the others (text, mermaid) never load the highlighter. */
const HIGHLIGHTED = new Set<SolutionFormat>(['yaml', 'markdown', 'html', 'json', 'xml']);
/** Prose wraps at the box's edge; code keeps its lines and scrolls sideways. */
const PROSE = new Set<SolutionFormat>(['text', 'markdown']);

export const asSolutionFormat = (value: unknown): SolutionFormat =>
  solutionFormats.includes(value as SolutionFormat) ? (value as SolutionFormat) : 'text';

/**
 * Code shown in its format (the problem's solution). It renders as plain text at once; the
 * highlighter chunk loads on first use and swaps in the highlighted markup when ready.
 */
export function CodeBlock({ code, format, label }: { code: string; format: SolutionFormat; label: string }) {
  const [highlighted, setHighlighted] = useState<{
    code: string;
    format: SolutionFormat;
    html: string;
  } | null>(null);

  useEffect(() => {
    if (!HIGHLIGHTED.has(format)) return;
    let current = true;
    import('./highlight')
      .then(({ highlightCode }) => {
        const html = highlightCode(code, format);
        if (current && html !== null) setHighlighted({ code, format, html });
      })
      // Highlighting is decoration: if the chunk cannot load, the plain text stays.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [code, format]);

  const html = highlighted?.code === code && highlighted.format === format ? highlighted.html : null;
  const preClass = PROSE.has(format) ? 'code-block__pre code-block__pre--prose' : 'code-block__pre';
  return (
    <figure className="code-block" aria-label={`${label} (${format})`}>
      <figcaption className="code-block__format" aria-hidden="true">
        {format}
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the code scrolls, so it must be reachable by keyboard */}
      <pre className={preClass} tabIndex={0}>
        {html === null ? (
          <code className={`hljs language-${format === 'mermaid' ? 'plaintext' : format}`}>{code}</code>
        ) : (
          <code
            className={`hljs language-${format}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js output, in which the code is escaped
            dangerouslySetInnerHTML={{ __html: html }}
          />
        )}
      </pre>
    </figure>
  );
}
