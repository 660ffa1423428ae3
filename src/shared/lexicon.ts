/**
 * What offline matching needs to know about English words, answered by a lexical resource: the
 * server's is WordNet (src/server/lexicon). Shared code takes a Lexicon as a parameter and never
 * loads one, so it stays pure and runs anywhere; without one (NO_LEXICON) words match only by
 * their own forms. Every answer is lower case, spaces between the words of a phrase.
 */

/** A noun as the resource describes it, in its usual sense. */
export interface Concept {
  /** Its words: "washing machine", "washer", "automatic washer". */
  words: readonly string[];
  /** Its definition. */
  gloss: string;
  /** Broader kinds, nearest first ("white goods", "home appliance", "appliance"...), with theirs. */
  broader: readonly { words: readonly string[]; gloss: string }[];
  /** What it is part of ("seashore" for a beach). */
  wholes: readonly string[];
  /** What it has or is made of (its parts, and its nearest kinds' parts): "wing", "beak". */
  parts: readonly string[];
  /** Narrower kinds ("emperor penguin"). */
  narrower: readonly string[];
}

export type WordClass = 'noun' | 'verb' | 'adjective' | 'adverb';

export interface Lexicon {
  /**
   * What a word can be, the class it is most used in first ("together": an adverb; "red": an
   * adjective and a noun); none when unknown.
   */
  wordClasses(word: string): readonly WordClass[];
  /** Base forms the resource knows ("papers" -> "paper", "flies" -> "fly"), the word itself first if known. */
  lemmas(word: string): readonly string[];
  /**
   * Words that can stand for `word` in its usual senses (at most `senses` of each part of speech):
   * synonyms and derived forms ("electric" -> "electricity").
   */
  related(word: string, senses?: number): ReadonlySet<string>;
  /**
   * Broader words of the usual senses of a noun or verb (or only of `classes`), up to `depth`
   * levels ("mum" -> "mother", "parent").
   */
  broader(
    word: string,
    depth?: number,
    senses?: number,
    classes?: readonly ('noun' | 'verb')[],
  ): ReadonlySet<string>;
  /** Opposites of the usual senses ("small" -> "large", "big"). */
  opposites(word: string): ReadonlySet<string>;
  /** A noun's usual sense; with `context`, the sense whose description shares most words with it. */
  concept(noun: string, context?: string): Concept | undefined;
}

const NOTHING: ReadonlySet<string> = new Set();

/** No resource: every word stands only for itself. */
export const NO_LEXICON: Lexicon = {
  wordClasses: () => [],
  lemmas: () => [],
  related: () => NOTHING,
  broader: () => NOTHING,
  opposites: () => NOTHING,
  concept: () => undefined,
};
