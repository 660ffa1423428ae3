import type { SolutionFormat } from '../../schemas/resources';
import { terms } from '../normalise';
import { markupElements } from './markup';
import { mermaidElements } from './mermaid';
import { lineSentences, markdownElements, textElements } from './prose';
import { jsonElements, yamlElements } from './structured';
import type { ElementDraft, SolutionElement } from './types';

export { ELEMENT_KINDS, type ElementKind, type SolutionElement } from './types';

/** More elements than any report can show usefully; the rest are left out (and the report says so). */
export const MAX_ELEMENTS = 400;

export interface ReadSolution {
  elements: SolutionElement[];
  /** The solution could not be read in its format and was split into sentences instead. */
  fallback: boolean;
  /** Elements beyond MAX_ELEMENTS that were left out. */
  omitted: number;
}

const PARSERS: Record<SolutionFormat, (text: string) => ElementDraft[]> = {
  mermaid: mermaidElements,
  yaml: yamlElements,
  json: jsonElements,
  xml: (text) => markupElements(text, false),
  html: (text) => markupElements(text, true),
  markdown: markdownElements,
  text: textElements,
};

/**
 * Splits a problem's solution into elements by its format. Total: malformed input (or a format
 * that yields nothing) falls back to sentences, and an element that carries no matchable word is
 * dropped. The same solution always gives the same elements, numbered e1, e2...
 */
export function readSolution(solution: string, format: SolutionFormat = 'text'): ReadSolution {
  let drafts: ElementDraft[] = [];
  let fallback = false;
  try {
    drafts = (PARSERS[format] ?? textElements)(solution);
  } catch {
    drafts = [];
  }
  if (!drafts.some((element) => terms(element.text).length > 0)) {
    fallback = format !== 'text' && solution.trim() !== '';
    drafts = lineSentences(solution);
  }
  const seen = new Set<string>();
  const unique = drafts.filter((element) => {
    const key = `${element.kind}\n${element.parent ?? ''}\n${element.label}`;
    if (seen.has(key) || terms(element.text).length === 0) return false;
    seen.add(key);
    return true;
  });
  const kept = unique.slice(0, MAX_ELEMENTS);
  return {
    elements: kept.map((element, index) => ({ id: `e${index + 1}`, ...element })),
    fallback,
    omitted: unique.length - kept.length,
  };
}

/** The elements alone. */
export const solutionElements = (solution: string, format: SolutionFormat = 'text'): SolutionElement[] =>
  readSolution(solution, format).elements;
