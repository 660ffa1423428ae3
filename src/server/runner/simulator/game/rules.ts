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
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
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

const MULTIPLIERS: Record<string, number> = { hundred: 100, thousand: 1000, cien: 100, mil: 1000 };

/**
 * Number words written as digits, so "twenty euros" and "20 euros" read alike; a run of them is
 * one number ("two hundred" = 200, "twenty five" = 25). "One" stays a word ("fits in one hand").
 */
export const withDigits = (text: string) =>
  text.replace(/\p{L}+(?:[\s-]+(?:and\s+)?\p{L}+)*/gu, (phrase) => {
    const parts = phrase.split(/([\s-]+)/);
    let out = '';
    let value: number | undefined;
    let pending = '';
    const flush = () => {
      if (value !== undefined) out += `${value === 1 ? 'one' : value}${pending}`;
      value = undefined;
      pending = '';
    };
    for (let i = 0; i < parts.length; i += 2) {
      const word = parts[i] ?? '';
      const gap = parts[i + 1] ?? '';
      const lower = word.toLowerCase();
      const multiplier = MULTIPLIERS[lower];
      const number = NUMBER_WORDS[lower];
      if (value !== undefined && multiplier !== undefined) value *= multiplier;
      else if (value !== undefined && number !== undefined && number < 10 && value % 10 === 0 && value >= 20)
        value += number;
      else if (number !== undefined) {
        flush();
        value = number;
      } else if (value !== undefined && lower === 'and') {
        pending += word + gap;
        continue;
      } else {
        flush();
        out += word + gap;
        continue;
      }
      pending = gap;
    }
    flush();
    return out.replace(/(\d)(\s+)$/, '$1$2');
  });

const LIMIT = /(\d+|\p{L}+)\s+(?:questions|preguntas)\b/iu;
const GUESSES_COUNT = /\b(guess(es)?|intentos?)\b[^.]*\b(counts?|cuentan?)\b/i;
const GUESSES_FREE = /\b(free|not|don't|never|no cuentan|gratis)\b/i;
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
    // "Guesses are free: they do not count as questions" says the opposite.
    if (GUESSES_COUNT.test(sentence) && !GUESSES_FREE.test(sentence)) rules.guessesCount = true;
    if (KEEP_COUNT.test(sentence) && GUESS.test(sentence)) rules.countOnGuess = true;
    if (REVEAL.test(sentence)) rules.reveal = true;
    if (ADVICE.test(sentence)) rules.advice = true;
    const category = CATEGORY.exec(sentence)?.[1];
    if (category && rules.category === undefined) rules.category = category;
  }
  return rules;
}
