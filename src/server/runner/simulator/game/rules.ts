import { sentences } from '../text';

/**
 * The rules of a guessing game, read from the problem's texts (its details and description).
 * The rules are addressed to the host ("Keep count and tell the player..."): the host follows
 * them and never reads them out. What is not stated takes the behaviour's defaults: guesses are
 * judged, a right guess is congratulated with the count, the secret stays secret.
 */
export interface GameRules {
  /** How many questions the player may ask; undefined when the rules set no limit. */
  limit?: number;
  /** Guesses count as questions. */
  guessesCount: boolean;
  /** Tell the player the count when they guess (they can always ask for it). */
  countOnGuess: boolean;
  /** After the last question without a right guess, the secret is revealed. */
  reveal: boolean;
  /** With the reveal, say which kind of question would have found it fastest. */
  advice: boolean;
  /** What the secret is, as the rules tell the player ("an everyday object found in most homes"). */
  category?: string;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cinco: 5,
  diez: 10,
  quince: 15,
  veinte: 20,
  treinta: 30,
  cincuenta: 50,
  cien: 100,
};

/** "20" or "twenty" (any case) as a number; undefined for anything else. */
export function numberOf(word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word.toLowerCase()];
}

/** Number words written as digits, so "twenty euros" and "20 euros" read alike. */
export const withDigits = (text: string) =>
  text.replace(/\p{L}+/gu, (word) => {
    const value = NUMBER_WORDS[word.toLowerCase()];
    return value === undefined || value === 1 ? word : String(value);
  });

const LIMIT = /(\d+|\p{L}+)\s+(?:questions|preguntas)\b/iu;
const GUESSES_COUNT = /\b(guess(es)?|intentos?)\b[^.]*\b(counts?|cuentan?)\b/i;
const KEEP_COUNT = /\b(keep count|how many questions|cu[aá]ntas preguntas|lleva la cuenta)\b/i;
const GUESS = /\b(guess(es)?|intentos?|adivin\p{L}*)\b/iu;
const REVEAL = /\b(reveal|revela\p{L}*|(tell|say|give)\b[^.]*\b(answer|secret))\b/iu;
const ADVICE = /\b(which kind of question|narrow(ed)? it down|qu[eé] tipo de pregunta)\b/i;
const CATEGORY =
  /^(?:the\s+)?(?:secret|hidden \p{L}+|mystery \p{L}+|answer|el secreto|la respuesta)\s+(?:is|es)\s+(.+?)[.!]?$/iu;

export function readRules(...texts: readonly string[]): GameRules {
  const rules: GameRules = { guessesCount: false, countOnGuess: false, reveal: false, advice: false };
  for (const sentence of texts.flatMap((text) => sentences(text))) {
    const limit = LIMIT.exec(sentence);
    const value = limit?.[1] === undefined ? undefined : numberOf(limit[1]);
    if (rules.limit === undefined && value !== undefined && value > 1) rules.limit = value;
    if (GUESSES_COUNT.test(sentence)) rules.guessesCount = true;
    if (KEEP_COUNT.test(sentence) && GUESS.test(sentence)) rules.countOnGuess = true;
    if (REVEAL.test(sentence)) rules.reveal = true;
    if (ADVICE.test(sentence)) rules.advice = true;
    const category = CATEGORY.exec(sentence)?.[1];
    if (category && rules.category === undefined) rules.category = category;
  }
  return rules;
}
