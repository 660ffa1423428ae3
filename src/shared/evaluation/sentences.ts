import { terms } from './normalise';

/**
 * Prose split into the pieces a conversation reveals one at a time: sentences, and the clauses of
 * a long sentence. "A stapler. It is made of metal, fits in one hand, ..." gives "A stapler" and
 * one clause per comma-separated property, because a student learns those one by one.
 */

/** A sentence longer than this many words is split at its commas and semicolons. */
export const LONG_SENTENCE_WORDS = 20;
/** A clause shorter than this joins the one before it ("black, grey or red"). */
const MIN_CLAUSE_WORDS = 4;

const wordCount = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/**
 * Sentences of a text: a stop (. ! ?) followed by space and a capital, digit or quote ends one, and
 * so does a blank line. Single line breaks inside a paragraph do not.
 */
export const splitSentences = (text: string): string[] =>
  sentenceTerms(text).map((sentence) => sentence.text);

/** The sentences of a text with their terms (read once to keep only sentences that have some). */
export function sentenceTerms(text: string): { text: string; terms: string[] }[] {
  return text
    .split(/\n\s*\n|(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"'“‘¿¡(])/u)
    .map((sentence) => {
      const flat = sentence.replace(/\s+/g, ' ').trim();
      return { text: flat, terms: terms(flat) };
    })
    .filter((sentence) => sentence.terms.length > 0);
}

/**
 * A long sentence as its clauses; a short one as itself. Short parts next to each other make one
 * clause ("is usually black, grey or red"); a short part left alone joins its neighbour.
 */
export function splitClauses(sentence: string): string[] {
  if (wordCount(sentence) <= LONG_SENTENCE_WORDS) return [sentence];
  const clauses: string[] = [];
  let pending: string[] = [];
  const flush = (next?: string) => {
    const run = pending.join(' ');
    pending = [];
    if (run === '') return next;
    if (wordCount(run) >= MIN_CLAUSE_WORDS && terms(run).length > 0) {
      clauses.push(run);
      return next;
    }
    if (next !== undefined) return `${run} ${next}`;
    if (clauses.length > 0) clauses[clauses.length - 1] = `${clauses.at(-1)} ${run}`;
    else clauses.push(run);
    return undefined;
  };
  for (const part of sentence.split(/(?<=[,;:])\s+/)) {
    if (wordCount(part) < MIN_CLAUSE_WORDS || terms(part).length === 0) {
      pending.push(part);
      continue;
    }
    const clause = flush(part);
    if (clause !== undefined) clauses.push(clause);
  }
  flush();
  return clauses.map((clause) => clause.replace(/[,;:]\s*$/, '').trim()).filter((c) => terms(c).length > 0);
}

/** Sentences, with long ones split into clauses. */
export const prosePieces = (text: string): string[] => splitSentences(text).flatMap(splitClauses);
