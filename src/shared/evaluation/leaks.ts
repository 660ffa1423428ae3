import type { VerbatimLeak } from '../schemas/evaluation';
import { type LeiaTurn, quote } from './conversation';
import { fold, wordSpans } from './normalise';

/**
 * Verbatim leaks: a LEIA reply that repeats VERBATIM_WORDS or more consecutive words of the
 * solution (folded, as written: no stemming, identifiers not split), or VERBATIM_LINES
 * consecutive lines of it. Each leak is reported once, at its longest.
 */
export const VERBATIM_WORDS = 8;
export const VERBATIM_LINES = 2;

/** A line as compared: folded, spaces collapsed; a line with no letter or digit is no line. */
const lineKey = (line: string): string | undefined => {
  const key = fold(line).replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]/u.test(key) ? key : undefined;
};

/** Precomputed once per solution, used for every reply. */
export class VerbatimIndex {
  readonly #solution: string;
  readonly #spans;
  readonly #grams = new Map<string, number[]>();
  /** The solution's words: most places in a reply are ruled out by one lookup, before any join. */
  readonly #words: Set<string>;
  readonly #lines: string[] = [];
  readonly #lineTexts: string[] = [];
  readonly #linePairs = new Map<string, number>();

  constructor(solution: string) {
    this.#solution = solution;
    this.#spans = wordSpans(solution);
    const words = this.#spans.map((span) => span.word);
    this.#words = new Set(words);
    for (let i = 0; i + VERBATIM_WORDS <= words.length; i++) {
      const gram = words.slice(i, i + VERBATIM_WORDS).join(' ');
      const at = this.#grams.get(gram);
      if (at) at.push(i);
      else this.#grams.set(gram, [i]);
    }
    for (const line of solution.split(/\r?\n/)) {
      const key = lineKey(line);
      if (key === undefined) continue;
      this.#lines.push(key);
      this.#lineTexts.push(line.trim());
    }
    for (let i = 0; i + 1 < this.#lines.length; i++) {
      const pair = `${this.#lines[i]}\n${this.#lines[i + 1]}`;
      if (!this.#linePairs.has(pair)) this.#linePairs.set(pair, i);
    }
  }

  /** The leaks of one reply. */
  leaks(turn: LeiaTurn): VerbatimLeak[] {
    const found: VerbatimLeak[] = [];
    // The same words as wordSpans gives, without positions (only the solution's are quoted).
    const words = fold(turn.text).match(/[\p{L}\p{N}]+/gu) ?? [];
    const solutionWords = this.#spans;
    for (let i = 0; i + VERBATIM_WORDS <= words.length; ) {
      const possible = this.#words.has(words[i]!) && this.#words.has(words[i + VERBATIM_WORDS - 1]!);
      const starts = possible ? this.#grams.get(words.slice(i, i + VERBATIM_WORDS).join(' ')) : undefined;
      if (!starts) {
        i++;
        continue;
      }
      // The longest run from here over every place the solution has these words.
      let best = { start: starts[0]!, length: VERBATIM_WORDS };
      for (const start of starts) {
        let length = VERBATIM_WORDS;
        while (words[i + length] !== undefined && words[i + length] === solutionWords[start + length]?.word)
          length++;
        if (length > best.length) best = { start, length };
      }
      const first = solutionWords[best.start]!;
      const last = solutionWords[best.start + best.length - 1]!;
      found.push({
        turn: turn.turn,
        kind: 'words',
        words: best.length,
        excerpt: quote(this.#solution.slice(first.start, last.end)),
      });
      i += best.length;
    }
    const lines = turn.text.split(/\r?\n/).flatMap((line) => lineKey(line) ?? []);
    for (let i = 0; i + 1 < lines.length; ) {
      const start = this.#linePairs.get(`${lines[i]}\n${lines[i + 1]}`);
      if (start === undefined) {
        i++;
        continue;
      }
      let length = VERBATIM_LINES;
      while (lines[i + length] !== undefined && lines[i + length] === this.#lines[start + length]) length++;
      const text = this.#lineTexts.slice(start, start + length).join('\n');
      const words = wordSpans(text).length;
      // Already reported as a run of words: the same paste, said once.
      if (!found.some((leak) => leak.kind === 'words' && leak.words >= words)) {
        found.push({
          turn: turn.turn,
          kind: 'lines',
          words,
          excerpt: text.length > 240 ? quote(text) : text,
        });
      }
      i += length;
    }
    return found;
  }
}

/** The last solutions' indexes: a class report looks for leaks of one solution in every conversation. */
const MAX_INDEXES = 16;
const indexes = new Map<string, VerbatimIndex>();
function indexOf(solution: string): VerbatimIndex {
  const known = indexes.get(solution);
  if (known) return known;
  const index = new VerbatimIndex(solution);
  if (indexes.size >= MAX_INDEXES) indexes.delete(indexes.keys().next().value!);
  indexes.set(solution, index);
  return index;
}

export const verbatimLeaks = (solution: string, turns: readonly LeiaTurn[]): VerbatimLeak[] => {
  const index = indexOf(solution);
  return turns.flatMap((turn) => index.leaks(turn));
};
