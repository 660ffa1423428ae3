import type { Concept, Lexicon } from '@shared/lexicon';
import { fold, isStopWord, stem, words } from '../text';

/**
 * What the lexicon adds to a game's secret: the words a clause can stand for (its words' synonyms,
 * derived forms and broader words, so "joins sheets of paper" answers "Does it fasten paper?" and
 * "Is it used to connect papers?"), and what the secret is as the lexicon describes it: its other
 * names, its kinds, its definition, its parts. The problem's own texts always come first: the
 * lexicon only adds what they do not say.
 */

/** How many levels of broader words a clause's words reach ("fasten" -> "attach" -> "join"). */
const REACH_DEPTH = 3;
/** Kinds too general to tell anything ("entity", "whole"): never a yes to "Is it a ...?". */
const TOO_GENERAL = new Set([
  'entity',
  'physical entity',
  'abstraction',
  'abstract entity',
  'whole',
  'unit',
  'object',
  'physical object',
  'thing',
  'matter',
  'group',
  'grouping',
]);
/** Levels of kinds near enough to say what it is used as ("equipment" is an instrumentality, "toy" only an artifact). */
const NEAR_LEVELS = 3;
/** Levels of a near kind's own word, in the problem's sense, that the secret is near to too. */
const WORD_LEVELS = 2;
/** Levels of kinds whose definitions and parts describe the secret too (a penguin is a bird: feathers). */
const DESCRIBING_LEVELS = 5;

export const phraseKey = (phrase: string) =>
  words(phrase)
    .map((word) => stem(fold(word)))
    .join(' ');

/** The stems a word can stand for: itself, its synonyms and derived forms, its broader words. */
export function reachOfWord(word: string, lexicon: Lexicon): string[] {
  const folded = fold(word);
  const reach = [stem(folded)];
  for (const lemma of lexicon.lemmas(folded)) reach.push(stem(lemma));
  // Only a word's first sense widens a clause: "hand" is a hand here, not handwriting.
  for (const other of [...lexicon.related(folded, 1), ...lexicon.broader(folded, REACH_DEPTH, 1)]) {
    reach.push(phraseKey(other));
    // The head of a compound stands for it too: "home appliance" is an appliance.
    const head = words(other).at(-1);
    if (head && head !== other) reach.push(stem(fold(head)));
  }
  reach.push(...nearSiblings(folded, lexicon));
  return reach;
}

/**
 * Nouns a noun's own definition names that are the same kind of thing as it: a sea is "a division
 * of an ocean", both bodies of water, so a clause about seas answers a question about the ocean.
 * A word named as something else ("paper" in a stapler's definition, a material) is not reached.
 */
function nearSiblings(noun: string, lexicon: Lexicon): readonly string[] {
  const known = SIBLINGS.get(lexicon) ?? new Map<string, readonly string[]>();
  SIBLINGS.set(lexicon, known);
  const cached = known.get(noun);
  if (cached) return cached;
  const siblings = findNearSiblings(noun, lexicon);
  known.set(noun, siblings);
  return siblings;
}

/** Each lexicon's near siblings by noun: a definition's words are looked up once. */
const SIBLINGS = new WeakMap<Lexicon, Map<string, readonly string[]>>();

function findNearSiblings(noun: string, lexicon: Lexicon): string[] {
  const concept = [noun, ...lexicon.lemmas(noun)].map((base) => lexicon.concept(base)).find(Boolean);
  const nearest = concept?.broader[0]?.words;
  if (!concept || !nearest) return [];
  return words(concept.gloss)
    .map(fold)
    .filter((word) => word.length > 2 && !isStopWord(word) && !concept.words.includes(word))
    .filter((word) => lexicon.concept(word)?.broader[0]?.words.some((kind) => nearest.includes(kind)))
    .map(stem);
}

/**
 * What a clause's words reach, as stems and phrases of stems. A definition from the lexicon reaches
 * only its own words and their base forms: widened again, it would say almost anything.
 */
export function reachOf(text: string, lexicon: Lexicon, widen = true): Set<string> {
  const reach = new Set<string>();
  for (const word of words(text)) {
    const folded = fold(word);
    if (word.length < 2 || isStopWord(folded)) continue;
    if (widen) for (const stemmed of reachOfWord(word, lexicon)) reach.add(stemmed);
    else for (const base of [folded, ...lexicon.lemmas(folded)]) reach.add(stem(base));
  }
  return reach;
}

/** The stems a question's word stands for, to meet a clause's own words. */
export function askedForms(word: string, lexicon: Lexicon): string[] {
  const folded = fold(word);
  const bases = [folded, ...lexicon.lemmas(folded)];
  return [...bases.map(stem), ...bases.flatMap((base) => [...lexicon.related(base, 2)].map(phraseKey))];
}

export interface LexicalSecret {
  /** Its other names ("stapling machine"), as stems. */
  synonyms: string[][];
  /** Kinds it is ("machine", "device", "bird", "animal"), as phrases of stems. */
  kinds: string[];
  /** Its nearest kinds ("machine", "device", "instrumentality"): what a kind put to a use may be. */
  nearKinds: string[];
  /** Narrower kinds ("emperor penguin"): a guess of one is close. */
  narrower: string[][];
  /** Sentences the lexicon says of it: its definition, its kinds' definitions, its parts. */
  facts: string[];
}

/** The broader kinds of a noun in the sense the context speaks of, as phrases of stems ("appliance" -> "device"). */
export function kindsOf(noun: string, context: string, lexicon: Lexicon): string[] {
  const concept = lexicon.concept(noun.toLowerCase(), context);
  const levels = concept?.broader.filter((level) => !level.words.some((word) => TOO_GENERAL.has(word)));
  return (levels ?? []).flatMap((level) => level.words.map(phraseKey));
}

const stems = (phrase: string) => words(phrase).map((word) => stem(fold(word)));

/**
 * Its nearest kinds, and what the words of those kinds are in the sense the problem speaks of: a
 * washing machine is "white goods", "a home appliance", "an appliance" (durables), and an appliance
 * in its other sense is "a device", so it is equipment (an instrumentality) as a person would say.
 */
function nearKindsOf(levels: Concept['broader'], context: string, lexicon: Lexicon): string[] {
  const near = levels.slice(0, NEAR_LEVELS);
  const wider = near
    .flatMap((level) =>
      level.words.map((word) => ({ gloss: level.gloss, sense: lexicon.concept(word, context) })),
    )
    // Only another sense of the word widens it: the same sense's kinds are further up, too general.
    .flatMap(({ gloss, sense }) =>
      sense && sense.gloss !== gloss ? sense.broader.slice(0, WORD_LEVELS) : [],
    )
    .filter((level) => !level.words.some((word) => TOO_GENERAL.has(word)));
  return [...near, ...wider].flatMap((level) => level.words.map(phraseKey));
}

/** The secret as the lexicon knows it, read in the sense the problem's texts speak of. */
export function lexicalSecret(name: string, context: string, lexicon: Lexicon): LexicalSecret | undefined {
  const concept: Concept | undefined = lexicon.concept(name, context);
  if (!concept) return undefined;
  const levels = concept.broader.filter((level) => !level.words.some((word) => TOO_GENERAL.has(word)));
  const kinds = levels.flatMap((level) => level.words.map(phraseKey));
  const facts = [
    concept.gloss,
    ...levels.slice(0, DESCRIBING_LEVELS).map((level) => level.gloss),
    ...concept.parts.map((part) => `has ${part}`),
    ...concept.wholes.map((whole) => `is part of ${whole}`),
  ];
  return {
    synonyms: concept.words.map(stems),
    kinds,
    nearKinds: nearKindsOf(levels, context, lexicon),
    narrower: concept.narrower.map(stems),
    facts,
  };
}
