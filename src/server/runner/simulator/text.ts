/**
 * Just enough language handling for the offline simulator's ranked match: sentence splitting,
 * word splitting, stop words and a light suffix-stripping stemmer, for English and Spanish (the
 * languages LEIAs are written in). Nothing here has to be linguistically right, only stable:
 * the same text always gives the same terms, so the simulator stays deterministic.
 */

export type Language = 'en' | 'es';

/** Lower case without accents or possessive 's: 'Gestión' = 'gestion', "bakery's" = 'bakery'. */
export const fold = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]s$/, '');

/** Words as written, keeping inner apostrophes and hyphens (don't, e-mail). */
export const words = (text: string): string[] => text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];

/** Sentences of a text; list items and lines count as sentences too. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'¿¡(])/u)
    .map((sentence) => sentence.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter((sentence) => words(sentence).length > 0);
}

const ENGLISH = `a about above after again against all also am an and any are aren't as at be because been before
being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each
few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him
himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't my myself
no nor not of off on once only or other ought our ours ourselves out over own same shan't she she'd she'll she's should
shouldn't so some such than that that's the their theirs them themselves then there there's these they they'd they'll
they're they've this those through to too under until up very was wasn't we we'd we'll we're we've were weren't what
what's when when's where where's which while who who's whom why why's will with won't would wouldn't you you'd you'll
you're you've your yours yourself yourselves
tell know please could would like want wanted think kind sort thing things something anything everything really just
also well okay ok yes yeah hi hello hey thanks thank explain describe mean give us can may might much many lot get got
say said question questions every each often usually always never sometimes make makes made get gets go goes
come one two three four five six seven eight nine ten first last lot lots happen happens happened deal deals
dealt handle handled handles must`;

const SPANISH = `a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el
ella ellas ellos en entre era erais eran eras eres es esa esas ese eso esos esta estaba estado estais estamos estan
estar estas este esto estos estoy fue fueron fui fuimos ha habia han has hasta hay la las le les lo los mas me mi mis
mucho muy nada ni no nos nosotros o os otra otro para pero poco por porque que quien se sea ser si sido sin sobre
sois somos son soy su sus tambien te tiene tengo ti tu tus un una uno unos usted ustedes vosotros y ya yo
hola gracias puedes podrias puede quiero quisiera saber cuentame contarme dime decir explicar hablar cosa cosas
pregunta bueno vale cada todo todos toda todas muchos muchas suelen suele quiere quieren hay uno dos tres cuatro cinco diez
siempre nunca`;

const STOP_WORDS: Record<Language, Set<string>> = {
  en: new Set(ENGLISH.split(/\s+/).map(fold)),
  es: new Set(SPANISH.split(/\s+/).map(fold)),
};

/** Spanish function words that are English content words ("the sea", "a son", "hay"). */
const ENGLISH_CONTENT = new Set(['sea', 'son', 'hay', 'era', 'ante']);

export const isStopWord = (folded: string) =>
  STOP_WORDS.en.has(folded) || (STOP_WORDS.es.has(folded) && !ENGLISH_CONTENT.has(folded));

/** The language most of a text's stop words belong to; English when undecided. */
export function detectLanguage(text: string): Language {
  let en = 0;
  let es = 0;
  for (const word of words(text)) {
    const folded = fold(word);
    if (STOP_WORDS.en.has(folded)) en += 1;
    if (STOP_WORDS.es.has(folded)) es += 1;
  }
  return es > en ? 'es' : 'en';
}

/**
 * Light stemming: plural first, then a final e, then one derivational or verb ending, always
 * keeping three letters. orders/ordering/ordered -> order, houses/house -> hous,
 * clientes/cliente -> client. Too light to conflate unrelated words, enough for word forms.
 */
export function stem(folded: string): string {
  let word = folded;
  const strip = (pattern: RegExp, replacement = '') => {
    const next = word.replace(pattern, replacement);
    if (next !== word && next.length >= 3) {
      word = next;
      return true;
    }
    return false;
  };
  if (!strip(/ies$/, 'y') && !strip(/(?<=ss|x|z|ch|sh)es$/) && !word.endsWith('ss')) strip(/s$/);
  strip(/e$/);
  strip(/(?:ation|acion|ment|ing|ed)$/);
  return word;
}

/** The matchable terms of a text: folded, stop words and single letters dropped, stemmed. */
export const terms = (text: string): string[] =>
  words(text)
    .map(fold)
    .filter((word) => word.length > 1 && !isStopWord(word))
    .map(stem);

/** FNV-1a: a stable small hash to vary phrasing deterministically. */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

export const pick = <T>(options: readonly T[], seed: number): T => options[seed % options.length] as T;

/** Word-sized pieces that keep their trailing spaces, so joined they give the text back. */
export const chunkWords = (text: string): string[] => text.match(/\s*\S+\s*/g) ?? [];
