import { remembering } from '../remembering';

/**
 * How texts are compared when a solution element is looked for in a conversation (offline reveal
 * tracking). Case and accents are folded, identifiers are split (SeatingZone, seating_zone and
 * seating-zone all read "seating zone"), small number words become digits, function words are
 * dropped and a light stemmer joins word forms (zones/zone, booked/booking/book). Nothing here has
 * to be linguistically right, only stable: the same text always gives the same terms, on the
 * server and in the browser. English and Spanish, the languages LEIAs are written in.
 */

const NOT_ASCII = /[\u0080-\uffff]/;

/** Lower case without accents: 'Gestión' -> 'gestion'. */
export const fold = (text: string): string =>
  // Most texts are plain ASCII, which has no accents to take off (and the Unicode pass is costly).
  NOT_ASCII.test(text) ? text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() : text.toLowerCase();

/** Puts a space at identifier boundaries: camelCase, PascalCase, HTTPServer, snake_case, kebab-case. */
export const splitIdentifiers = (text: string): string =>
  text
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, (_, a, b, c, d) => (a ? `${a} ${b}` : `${c} ${d}`))
    .replace(/[_-]+/g, ' ');

/** Words of a text, folded, identifiers split; punctuation and symbols are separators. */
export function words(text: string): string[] {
  // A capital sigma lowers by what follows it, which one token alone does not show.
  if (text.includes('Σ')) return wordsOf(text);
  const found: string[] = [];
  for (const token of text.match(TOKEN) ?? []) for (const word of tokenWords(token)) found.push(word);
  return found;
}

/** What `words` reads from one text or token. */
const wordsOf = (text: string): string[] => fold(splitIdentifiers(text)).match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Splitting identifiers and folding never join or part text across a character that is neither a
 * letter, a digit nor a mark, so a text's words are its tokens' words. Tokens repeat (a class's
 * conversations use a few thousand), and the Unicode passes over every text were the largest cost
 * of measuring a conversation: each token's words are remembered, bounded as terms are.
 */
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;
/** Longer tokens (a pasted key, a long identifier) are read each time, not kept. */
const MAX_TOKEN_KEPT = 64;
/** Words and tokens kept at most (each a few dozen bytes): a long-running server does not grow. */
const MAX_REMEMBERED = 50_000;
const keptTokenWords = remembering<readonly string[]>(wordsOf, MAX_REMEMBERED);
const tokenWords = (token: string): readonly string[] =>
  token.length > MAX_TOKEN_KEPT ? wordsOf(token) : keptTokenWords(token);

/** A word as written, folded but not split or stemmed, and where it stands in its text. */
export interface WordSpan {
  word: string;
  start: number;
  end: number;
}

/**
 * Words as written: what "verbatim" compares. "cardNumber" stays one word here, so a reply only
 * matches the code it copies; the positions let a report quote the original text.
 */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const word = fold(match[0]);
    if (word !== '') spans.push({ word, start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

const FUNCTION_WORDS = `a an the and or but nor so yet of in on at to for from by with without into onto about
as than then that this these those there here it its it's is are was were be been being am do does did done
has have had having will would shall should can could may might must not no yes if else when while which who
whom whose what where why how all any each every some such own same other only also very just more most
much many few i me my we us our you your he him his she her they them their one ones
el la los las un una unos unas y o u ni pero sino de del al en con sin por para que como cuando donde quien
cual cuales es son fue fueron ser estar esta este esto estos estas ese esa eso esos esas lo le les se su sus
mi mis tu tus nuestro nuestra muy mas menos ya tambien no si hay`;

const STOP_WORDS = new Set(FUNCTION_WORDS.split(/\s+/));

import { MAY_HOLD_VALUES, numberValue, valueTerms } from './values';

/** "three" and "3" are the same term. */
const NUMBER_WORDS: Record<string, string> = Object.fromEntries(
  [
    'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty',
    'cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciseis diecisiete dieciocho diecinueve veinte',
  ].flatMap((list) => list.split(' ').map((word, value) => [word, String(value)])),
);

/**
 * Light stemming, always keeping three letters: a plural, then one verb or noun ending, then a
 * final e. zones/zone -> zon, booked/booking/books -> book, approves/approved/approve -> approv,
 * reservas -> reserva, clientes/cliente -> client.
 */
export function stem(word: string): string {
  let current = word;
  const strip = (pattern: RegExp, replacement = '') => {
    const next = current.replace(pattern, replacement);
    if (next === current || next.length < 3) return false;
    current = next;
    return true;
  };
  if (!strip(/ies$/, 'y') && !strip(/(?<=ss|x|z|ch|sh)es$/) && !/(?:ss|us|is)$/.test(current)) strip(/s$/);
  strip(/(?:ing|ed)$/);
  strip(/e$/);
  return current;
}

/** One word as a term: a number word as its digits, a function word as nothing. */
const toTerm = (word: string): string | undefined => {
  const number = NUMBER_WORDS[word];
  if (number !== undefined) return number;
  if (STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) return undefined;
  return stem(word);
};

/**
 * Words repeat (a conversation is mostly the same few hundred), and stemming is most of the cost
 * of matching: what each word is (a tens word's value, its term, or nothing: null) is remembered,
 * up to a bound so a long-running server does not grow.
 */
const wordTerm = remembering<number | string | null>(
  (word) => tensOf(word) ?? toTerm(word) ?? null,
  MAX_REMEMBERED,
);

/** The matchable terms of a text, in order (repeats kept); its times and durations last, by value (values.ts). */
export function terms(text: string): string[] {
  const found: string[] = [];
  const { values, rest } = MAY_HOLD_VALUES.test(text) ? valueTerms(text) : { values: [], rest: text };
  const list = words(rest);
  for (let at = 0; at < list.length; at++) {
    const term = wordTerm(list[at]!);
    if (typeof term === 'number') {
      // "sixty" is 60, "forty-eight" and "forty eight" are 48.
      const unit = numberValue(list[at + 1] ?? '');
      const joined = unit !== undefined && unit > 0 && unit < 10 && /^\p{L}+$/u.test(list[at + 1] ?? '');
      if (joined) at++;
      found.push(String(term + (joined ? (unit ?? 0) : 0)));
    } else if (term !== null) found.push(term);
  }
  found.push(...values);
  return found;
}

/** A tens word's value ("twenty": 20, "sixty": 60, "cuarenta": 40); undefined for any other word. */
function tensOf(word: string): number | undefined {
  const value = /^\p{L}+$/u.test(word) ? numberValue(word) : undefined;
  return value !== undefined && value >= 20 && value % 10 === 0 ? value : undefined;
}

/** The distinct terms of a text. */
export const termSet = (text: string): Set<string> => new Set(terms(text));
