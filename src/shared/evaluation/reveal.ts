import type { ElementStatus } from '../schemas/evaluation';
import type { LeiaTurn } from './conversation';
import { quote } from './conversation';
import type { SolutionElement } from './elements';
import { fold, termSet, terms } from './normalise';
import { splitSentences } from './sentences';

/**
 * Offline reveal tracking: an element is revealed at the first LEIA reply that carries at least
 * REVEAL_THRESHOLD of its key words (its distinct terms, see normalise.ts), and partly revealed at
 * the first that carries at least PARTLY_THRESHOLD of them (at least one). One reply must carry
 * them: words scattered over a long conversation reveal nothing. A reply that opens by agreeing
 * ("Yes, ...", "Correct") also confirms the words of the question it answers.
 */
export const REVEAL_THRESHOLD = 0.6;
export const PARTLY_THRESHOLD = 0.34;

const AGREEMENT =
  /^\s*(?:yes|yeah|yep|correct|exactly|right|that's right|that is right|indeed|of course|si|claro|exacto|correcto|efectivamente|asi es)\b/;

export interface ElementReveal {
  id: string;
  status: ElementStatus;
  turn: number | null;
  match?: number;
  evidence?: string;
}

/** A text's sentences with their terms, made once however many elements quote it. */
type Sentences = { text: string; terms: Set<string> }[];
const sentencesOf = (text: string): Sentences =>
  splitSentences(text).map((sentence) => ({ text: sentence, terms: termSet(sentence) }));

/** The sentence of `text` with most of `wanted`, quoted. */
export function evidenceIn(text: string | Sentences, wanted: readonly string[]): string {
  const sentences = typeof text === 'string' ? sentencesOf(text) : text;
  let best = sentences[0]?.text ?? (typeof text === 'string' ? text : '');
  let bestCount = -1;
  for (const sentence of sentences) {
    const hits = wanted.filter((term) => sentence.terms.has(term)).length;
    if (hits > bestCount) {
      best = sentence.text;
      bestCount = hits;
    }
  }
  return quote(best);
}

/** The element's key words, once each; computed once per element. */
export const keyTerms = (element: SolutionElement): string[] => [...new Set(terms(element.text))];

export function trackReveals(
  elements: readonly SolutionElement[],
  turns: readonly LeiaTurn[],
): ElementReveal[] {
  const keys = elements.map(keyTerms);
  const reveals: ElementReveal[] = elements.map((element) => ({ id: element.id, status: 'not', turn: null }));
  let open = elements.length;
  for (const turn of turns) {
    if (open === 0) break;
    const said = termSet(turn.text);
    const agreed = AGREEMENT.test(fold(turn.text)) ? termSet(turn.question) : undefined;
    const quoted = new Map<string, Sentences>();
    const sentences = (text: string) => {
      const known = quoted.get(text);
      if (known) return known;
      const found = sentencesOf(text);
      quoted.set(text, found);
      return found;
    };
    for (const [index, reveal] of reveals.entries()) {
      if (reveal.status === 'revealed') continue;
      const key = keys[index]!;
      let hits = 0;
      let fromQuestion = 0;
      for (const term of key) {
        if (said.has(term)) hits++;
        else if (agreed?.has(term)) fromQuestion++;
      }
      const match = (hits + fromQuestion) / key.length;
      if (match >= REVEAL_THRESHOLD) {
        open--;
      } else if (!(match >= PARTLY_THRESHOLD && hits + fromQuestion > 0 && reveal.status === 'not')) continue;
      const source = fromQuestion > hits ? turn.question : turn.text;
      reveals[index] = {
        id: reveal.id,
        status: match >= REVEAL_THRESHOLD ? 'revealed' : 'partly',
        turn: turn.turn,
        match: Math.round(match * 100) / 100,
        evidence: evidenceIn(sentences(source), key),
      };
    }
  }
  return reveals;
}
