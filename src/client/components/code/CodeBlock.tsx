import { type SolutionFormat, solutionFormats } from '@shared/schemas/resources';
import { useEffect, useState } from 'react';
import type { RenderedSolution } from './highlight';
import './code-block.css';

/** Formats with a grammar; the others (text, mermaid) never load the highlighter. */
const HIGHLIGHTED = new Set<SolutionFormat>(['yaml', 'markdown', 'html', 'json', 'xml']);
/** Prose wraps at the box's edge; code keeps its lines and scrolls sideways. */
const PROSE = new Set<SolutionFormat>(['text', 'markdown']);

export const asSolutionFormat = (value: unknown): SolutionFormat =>
  solutionFormats.includes(value as SolutionFormat) ? (value as SolutionFormat) : 'text';

/**
 * Code shown in its format (the problem's solution). It renders as plain text at once; the
 * highlighter chunk loads on first use and swaps in the highlighted markup when ready. A markdown
 * solution becomes a rendered document in the page's flow (no box of its own to scroll).
 */
export function CodeBlock({ code, format, label }: { code: string; format: SolutionFormat; label: string }) {
  const [rendered, setRendered] = useState<{
    code: string;
    format: SolutionFormat;
    result: RenderedSolution;
  } | null>(null);

  useEffect(() => {
    if (!HIGHLIGHTED.has(format)) return;
    let current = true;
    import('./highlight')
      .then(({ renderSolution }) => {
        const result = renderSolution(code, format);
        if (current && result !== null) setRendered({ code, format, result });
      })
      // Highlighting is decoration: if the chunk cannot load, the plain text stays.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [code, format]);

  const result = rendered?.code === code && rendered.format === format ? rendered.result : null;
  if (result?.kind === 'document') {
    return (
      <figure className="code-block code-block--document" aria-label={`${label} (${format})`}>
        <figcaption className="code-block__format" aria-hidden="true">
          {format}
        </figcaption>
        <div
          className="code-block__document"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it output with raw HTML disabled (./markdown.ts)
          dangerouslySetInnerHTML={{ __html: result.html }}
        />
      </figure>
    );
  }
  const html = result?.html ?? null;
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
