import { prosePieces, splitClauses, splitSentences } from '../sentences';
import { draft, type ElementDraft } from './types';

/**
 * What a broken solution falls back to: its lines, each split into sentences and clauses. Lines
 * rather than paragraphs, because a malformed diagram or document has one statement per line.
 */
export const lineSentences = (text: string): ElementDraft[] =>
  text.split(/\r?\n/).flatMap((line) => prosePieces(line).map((piece) => draft('sentence', piece, piece)));

/** Plain text: its sentences, long ones as clauses. */
export const textElements = (text: string): ElementDraft[] =>
  prosePieces(text).map((piece) => draft('sentence', piece, piece));

/**
 * Markdown without its markup: emphasis, code marks, links (their text), images (their alt text)
 * and HTML tags. Markers become spaces, never nothing, so two words never run together.
 */
export const plainMarkdown = (text: string): string =>
  text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, ' $1 ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, ' $1 ')
    .replace(/<[^>\n]*>/g, ' ')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>])/g, ' $1 ')
    .replace(
      /(\*{1,3}|_{1,3}|`+|~~)(?=\S)|(?<=\S)(\*{1,3}|_{1,3}|`+|~~)/g,
      (marker, _a, _b, offset, whole) =>
        // An underscore inside a word is part of it (snake_case), not emphasis.
        marker.startsWith('_') &&
        /\w/.test(whole[offset - 1] ?? '') &&
        /\w/.test(whole[offset + marker.length] ?? '')
          ? marker
          : ' ',
    )
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?)])/g, '$1')
    .replace(/\(\s+/g, '(')
    .trim();

const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^(\s*)(?:[-*+]|\d{1,9}[.)])\s+(.*)$/;
const FENCE = /^\s*(```|~~~)/;
const RULE = /^\s{0,3}(?:[-*_]\s*){3,}$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/**
 * Markdown: each list item (with its continuation lines) as items, each paragraph as sentences,
 * a table row as an item; a heading is not an element but the parent of what follows it. Code
 * blocks count line by line.
 */
export function markdownElements(text: string): ElementDraft[] {
  const elements: ElementDraft[] = [];
  let heading: string | undefined;
  let item: string[] | undefined;
  let paragraph: string[] = [];
  let fenced = false;

  const flush = () => {
    if (item) {
      for (const sentence of splitSentences(plainMarkdown(item.join(' '))).flatMap(splitClauses)) {
        elements.push(draft('item', sentence, sentence, heading));
      }
    }
    for (const sentence of prosePieces(plainMarkdown(paragraph.join(' ')))) {
      elements.push(draft('sentence', sentence, sentence, heading));
    }
    item = undefined;
    paragraph = [];
  };

  for (const line of text.split(/\r?\n/)) {
    if (FENCE.test(line)) {
      flush();
      fenced = !fenced;
      continue;
    }
    if (fenced) {
      for (const piece of prosePieces(line)) elements.push(draft('sentence', piece, piece, heading));
      continue;
    }
    const headingMatch = HEADING.exec(line);
    if (headingMatch) {
      flush();
      heading = plainMarkdown(headingMatch[1] ?? '') || undefined;
      continue;
    }
    if (line.trim() === '' || RULE.test(line) || TABLE_SEPARATOR.test(line)) {
      flush();
      continue;
    }
    const listMatch = LIST_ITEM.exec(line);
    if (listMatch) {
      flush();
      item = [listMatch[2] ?? ''];
      continue;
    }
    const content = line.replace(/^\s*>\s?/, '');
    if (/^\s*\|.*\|\s*$/.test(line)) {
      flush();
      item = [
        content
          .split('|')
          .filter((cell) => cell.trim() !== '')
          .join(' ; '),
      ];
      flush();
      continue;
    }
    if (item) item.push(content);
    else paragraph.push(content);
  }
  flush();
  return elements;
}
