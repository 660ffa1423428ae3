import type { SolutionFormat } from '@shared/schemas/resources';
import hljs from 'highlight.js/lib/core';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { renderMarkdown } from './markdown';

/**
 * highlight.js core with only the grammars the solution formats need, registered one by one (the
 * full build is ~10x larger). Imported dynamically by CodeBlock, so it is a chunk of its own that
 * only a View modal showing a yaml/markdown/html/json/xml solution downloads; markdown is rendered
 * as a document (./markdown.ts) rather than highlighted.
 */
hljs.registerLanguage('json', json);
hljs.registerLanguage('markdown', markdown);
hljs.registerLanguage('xml', xml);
hljs.registerLanguage('yaml', yaml);

/** HTML is highlighted by the xml grammar; text and mermaid stay plain. */
const GRAMMAR: Record<SolutionFormat, string | null> = {
  text: null,
  mermaid: null,
  yaml: 'yaml',
  markdown: 'markdown',
  html: 'xml',
  json: 'json',
  xml: 'xml',
};

/** The highlighted HTML (highlight.js escapes the code), or null for plain text formats. */
export function highlightCode(code: string, format: SolutionFormat): string | null {
  const language = GRAMMAR[format];
  return language ? hljs.highlight(code, { language, ignoreIllegals: true }).value : null;
}

/** How a solution is shown: markdown as a rendered document, other formats as highlighted code. */
export type RenderedSolution = { kind: 'document' | 'code'; html: string };

export function renderSolution(code: string, format: SolutionFormat): RenderedSolution | null {
  if (format === 'markdown') return { kind: 'document', html: renderMarkdown(code) };
  const html = highlightCode(code, format);
  return html === null ? null : { kind: 'code', html };
}
