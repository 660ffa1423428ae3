import { fold } from './text';

/**
 * English verb agreement for a sentence turned into the first person (voice.ts): the verb after
 * the new subject "I" ("she runs" -> "I run") and the verbs that share that subject further on
 * ("and knows", ", answers", "and now looks after"). Works on voice.ts's tokens: odd indexes are
 * words, even indexes the text between them.
 */

export const ADVERBS = new Set([
  'also',
  'always',
  'often',
  'never',
  'still',
  'usually',
  'sometimes',
  'only',
  'really',
  'just',
  'already',
  'even',
  'now',
  'currently',
]);

export const SUBJECT_FORMS: Record<string, string> = {
  is: 'am',
  "isn't": 'am not',
  are: 'am',
  "aren't": 'am not',
  were: 'was',
  "weren't": "wasn't",
  has: 'have',
  "hasn't": "haven't",
  does: 'do',
  "doesn't": "don't",
};

/** Words ending in s after a subject that are not third-person verbs. */
const NOT_VERBS = new Set([
  'was',
  'this',
  'its',
  'his',
  'hers',
  'yours',
  'ours',
  'theirs',
  'thus',
  'perhaps',
  'always',
  'sometimes',
  'as',
  'us',
  'less',
  'plus',
]);

/** Words after which a word ending in s is a plural noun in a list or phrase, not a verb. */
const ENDS_A_NOUN = new Set(
  `and or but nor in on at to from for with across of by into over under around through near per within
  without about like than as`.split(/\s+/),
);

/** Words after which a new subject starts, so the verbs that follow are not the persona's. */
const NEW_CLAUSE = new Set(
  'because when while until unless if although though so whereas otherwise which'.split(' '),
);

export const thirdPersonVerb = (word: string) =>
  /[^s'u]s$/.test(word) && !NOT_VERBS.has(word) && !ADVERBS.has(word);

const spaceAt = (tokens: readonly string[], i: number) => /^\s+$/.test(tokens[i] ?? '');

/** The word right after index i when only spaces separate them (punctuation ends a phrase). */
export function nextWordAfter(tokens: readonly string[], i: number): string | undefined {
  return spaceAt(tokens, i + 1) ? tokens[i + 2] || undefined : undefined;
}

/** runs -> run, watches -> watch, tries -> try, passes -> pass, co-owns -> co-own. */
export function baseForm(verb: string): string {
  if (/ies$/.test(verb)) return verb.replace(/ies$/, 'y');
  if (/(?:ch|sh|ss|x|z|o)es$/.test(verb)) return verb.slice(0, -2);
  return verb.slice(0, -1);
}

/** I + "is/has/runs" -> "am/have/run", looking past one adverb ("she also runs"). */
export function agreeVerb(tokens: string[], subjectIndex: number, plainForm: boolean): void {
  let i = subjectIndex + 2;
  if (tokens[i] && ADVERBS.has(fold(tokens[i]!)) && spaceAt(tokens, i + 1)) i += 2;
  const verb = tokens[i];
  if (!verb || !spaceAt(tokens, i - 1)) return;
  const word = fold(verb.replace('’', "'"));
  const form = SUBJECT_FORMS[word];
  if (form !== undefined) tokens[i] = form;
  else if (!plainForm && thirdPersonVerb(word)) tokens[i] = baseForm(verb);
}

/**
 * A word ending in s that goes on with an object or a particle is a verb ("grows tomatoes",
 * "knows every exception", "looks after"); one followed by punctuation, a conjunction or a
 * preposition is a plural noun ("bread and pastries to cafés", "hotels and shops").
 */
function goesOnAsVerb(tokens: readonly string[], i: number): boolean {
  const next = nextWordAfter(tokens, i);
  return next !== undefined && !ENDS_A_NOUN.has(fold(next));
}

/**
 * "I am 45 and has two kids", "I take orders and knows every exception", "I start early,
 * answers calls and keeps the books", "and now looks after": a verb after and/but/or or a comma
 * shares the subject I until the sentence or clause (; :) ends, or a new clause starts
 * (", and the bakery...", "because the clinic...").
 */
export function agreeCoordinatedVerb(tokens: string[], subjectIndex: number): void {
  for (let i = subjectIndex + 2; i < tokens.length; i += 2) {
    const before = tokens[i - 1] ?? '';
    if (/[.;:!?]/.test(before)) return;
    const word = fold(tokens[i]!);
    if (NEW_CLAUSE.has(word)) return;
    const conjunction = /^(and|but|or)$/.test(word);
    const comma = before.includes(',');
    if (!conjunction && !comma) continue;
    let at = conjunction ? i + 2 : i;
    if (conjunction && !spaceAt(tokens, i + 1)) continue;
    const adverb = ADVERBS.has(fold(tokens[at] ?? '')) && spaceAt(tokens, at + 1);
    if (adverb) at += 2;
    const candidate = fold((tokens[at] ?? '').replace('’', "'"));
    const form = SUBJECT_FORMS[candidate];
    if (form !== undefined) tokens[at] = form;
    else if (thirdPersonVerb(candidate) && (adverb || goesOnAsVerb(tokens, at)))
      tokens[at] = baseForm(tokens[at]!);
    else if (conjunction && comma && !adverb) return;
  }
}
