import { type Lexicon, NO_LEXICON } from '@shared/lexicon';
import { baseForm, thirdPersonVerb } from '../agreement';
import { fold, isStopWord, type Language, sentences, stem, words } from '../text';
import { kindsOf, lexicalSecret, reachOf } from './lexical';
import { numberOf, withDigits } from './rules';

/**
 * The secret of a guessing game, read from the problem's solution written as the catalogue writes
 * it: its name first ("A stapler."), then what is true of it ("It is made mostly of metal and
 * plastic, fits in one hand, works without electricity or batteries, ..."). Each thing said of it
 * is a clause the host answers from; what no clause says is not true of the secret.
 */

export interface Clause {
  /** The predicate, without its subject: "fits in one hand", "is usually black, grey or red". */
  text: string;
  terms: ReadonlySet<string>;
  /** Terms said not to hold: "works without electricity or batteries" -> electricity, battery. */
  negated: ReadonlySet<string>;
  /** Terms that are one option among several: "black, grey or red". */
  options: ReadonlySet<string>;
  /** "mostly", "usually": how far the clause holds. */
  qualifier?: string;
  /** "costs less than twenty euros" -> less than 20. */
  bound?: { direction: 'less' | 'more'; value: number };
  /** What its words can stand for (lexical.ts): its terms, their synonyms, forms and broader words. */
  reach: ReadonlySet<string>;
  /** Said by the problem, or added from the lexicon (never said back to the player). */
  source: 'problem' | 'lexicon';
}

export interface Secret {
  language: Language;
  /** "a stapler": how the host says it when it may. */
  said: string;
  /** The name's terms: ["stapler"]. */
  name: readonly string[];
  clauses: readonly Clause[];
  /** "a kind of office supply": broader terms a guess may be close to. */
  kinds: readonly (readonly string[])[];
  /** What the rules and the problem say it is, as phrases of stems ("animal", "machine"): a yes to "Is it a ...?". */
  identity: ReadonlySet<string>;
  /** What the lexicon says it is ("bird", "seabird", "vertebrate"): a yes too, once no closer judgement applies. */
  lexicalKinds: ReadonlySet<string>;
  /** The nearest of those ("machine", "device", "instrumentality"). */
  nearKinds: ReadonlySet<string>;
  /** Other names it goes by ("stapling machine"), as stems. */
  synonyms: readonly (readonly string[])[];
  /** Narrower kinds ("emperor penguin"): a guess of one is close. */
  narrower: readonly (readonly string[])[];
  lexicon: Lexicon;
}

export interface SecretSources {
  /** The rules' "The secret is ..." ("an animal", "a machine found in most homes"). */
  category?: string;
  /** The sentence the category makes in the secret's language ("It is an animal"). */
  categorySentence?: string;
  /** English words' meanings; none for other languages. */
  lexicon?: Lexicon;
}

/** Words that carry no property of the secret: "Does it need...", "Can you hold it...". */
const LIGHT = new Set(
  `need needs use used uses have has hold holds contain contains find found look looks thing things something
  usually normally typically generally ever really secret answer kind type sort place places people person
  someone anyone piece item there near nearby next close
  necesita necesitan usa usan usado usada usar utiliza utilizan tiene tienen lleva llevan cosa algo sirve sirven
  servir hecho hecha hechos hechas encuentra encuentran encontrar color`
    .split(/\s+/)
    .map(stem),
);
/** Stop words that do carry a property: "made of metal". */
const KEEP = new Set(['made', 'make', 'makes', 'without']);
const NEGATION = /\b(without|not|no|never|neither|nor|isn't|doesn't|don't|can't|cannot|sin|nunca)\b/i;
const QUALIFIER = /\b(mostly|usually|often|sometimes|generally|normally|mainly|typically|most)\b/i;
const BOUND = /\b(less|more|under|over|fewer|menos|m[aá]s)\s+(?:than\s+|de\s+)?(\d+)/i;

/** The matchable terms of a text for the game: like text.ts's terms, numbers as digits, "made" kept. */
export const gameTerms = (text: string): string[] =>
  words(withDigits(text))
    .map(fold)
    .filter((word) => word.length > 1 && (KEEP.has(word) || !isStopWord(word)))
    .map(stem);

/** What a question asks about, without the words that carry no property. */
export const keyTerms = (text: string) => gameTerms(text).filter((term) => !LIGHT.has(term));

/** The words a question asks about, as written (folded) and as terms. */
export const askedWords = (text: string): { word: string; term: string }[] =>
  words(withDigits(text))
    .map(fold)
    .filter((word) => /^\d+$/.test(word) || (word.length > 1 && (KEEP.has(word) || !isStopWord(word))))
    .map((word) => ({ word, term: stem(word) }))
    .filter(({ term }) => !LIGHT.has(term));

/** The same term, or another form of the same word ("electric", "electricity"), not a compound ("paperweight"). */
export const sameTerm = (a: string, b: string) =>
  a === b ||
  (Math.min(a.length, b.length) >= 5 &&
    Math.abs(a.length - b.length) <= 4 &&
    (a.startsWith(b) || b.startsWith(a)));

export const clauseHas = (clause: Clause, term: string) => [...clause.terms].some((t) => sameTerm(t, term));
const inSet = (set: ReadonlySet<string>, term: string) => [...set].some((t) => sameTerm(t, term));
export const negatedIn = (clause: Clause, term: string) => inSet(clause.negated, term);
export const optionIn = (clause: Clause, term: string) => inSet(clause.options, term);

const ARTICLE = /^(a|an|the|some|un|una|unos|unas|el|la|los|las)\s+/i;
const SUBJECT = /^(it|it's|this|that|the secret|the object|el secreto)\b\s*/i;

/** The secret's name, without its article: "A stapler." -> "stapler". */
export const withoutArticle = (phrase: string) => phrase.trim().replace(ARTICLE, '');

export function readSecret(
  solution: string,
  language: Language,
  sources: SecretSources = {},
): Secret | undefined {
  const lexicon = sources.lexicon ?? NO_LEXICON;
  const [first, ...rest] = sentences(solution);
  if (!first) return undefined;
  const said = first
    .replace(/^(the\s+)?(secret|answer|object)\s+is\s+/i, '')
    .replace(/[.!:;]+$/, '')
    .trim();
  const name = gameTerms(withoutArticle(said));
  if (name.length === 0 || words(said).length > 6) return undefined;
  const stated = [...rest, ...(sources.categorySentence ? [sources.categorySentence] : [])];
  const clauses = stated
    .flatMap((sentence) => predicates(sentence, language))
    .map((text) => toClause(text, 'problem', lexicon));
  // The rules' own "a kind of place" tells the player what it is: a yes, not a close guess.
  const kinds = clauses.slice(0, clauses.length - (sources.categorySentence ? 1 : 0)).flatMap((clause) => {
    const kind = /\b(?:kind|type|sort) of (.+)$/i.exec(clause.text)?.[1];
    return kind ? [gameTerms(kind.split(/,|\bthat\b|\bwhich\b/)[0] ?? '')] : [];
  });
  const lexical = lexicalSecret(
    withoutArticle(said).toLowerCase(),
    `${solution} ${sources.category ?? ''}`,
    lexicon,
  );
  // "is a bird that cannot fly": a bird. "is a kind of office supply" names a close kind instead.
  const isA = clauses
    .filter((clause) => !/\b(kind|type|sort) of\b/i.test(clause.text))
    .map((clause) => /^(?:is|es)\s+((?:a|an|un|una)\s.+)$/i.exec(clause.text)?.[1] ?? '');
  const identity = new Set([...isA, sources.category ?? ''].flatMap(identityPhrases));
  // What the problem says it is is a kind of broader things too: an appliance is a device.
  const broaderKinds = isA
    .map((phrase) => words(identityNoun(phrase) ?? '').at(-1))
    .flatMap((head) => (head ? kindsOf(head, solution, lexicon) : []));
  const facts = (lexical?.facts ?? []).map((text) => toClause(text, 'lexicon', lexicon));
  return {
    language,
    said: lowerArticle(said),
    name,
    clauses: [...clauses, ...facts],
    kinds,
    identity,
    lexicalKinds: new Set([...(lexical?.kinds ?? []), ...broaderKinds]),
    nearKinds: new Set(lexical?.nearKinds ?? []),
    synonyms: lexical?.synonyms ?? [],
    narrower: lexical?.narrower ?? [],
    lexicon,
  };
}

/** Where a noun phrase stops: at what is said of it ("a machine found in most homes" -> "machine"). */
const PHRASE_END =
  /\s+(?:that|which|who|found|used|with|from|for|in|on|at|of|de|que|para|con|en)\b.*$|\s+\p{L}+ed\s+(?:in|on|by|with|from|at|into)\b.*$|,.*$/iu;

/**
 * "an animal" -> animal; "a large electrical appliance" -> the phrase, "electrical appliance",
 * "appliance"; "a kind of place" -> place: what "Is it a ...?" may name for a yes.
 */
function identityPhrases(phrase: string): string[] {
  const noun = identityNoun(phrase);
  if (!noun) return [];
  const terms = gameTerms(noun);
  return terms.map((_, start) => terms.slice(start).join(' '));
}

/** "a flat round bread baked in a very hot oven" -> "flat round bread"; none for "not a building". */
function identityNoun(phrase: string): string | undefined {
  const kind = phrase.replace(/^.*\b(?:kind|type|sort) of\s+/i, '');
  const noun = withoutArticle(kind).replace(PHRASE_END, '').trim();
  return !noun || /^(not|no)\b/i.test(noun) ? undefined : noun;
}

const lowerArticle = (said: string) =>
  said.replace(/^(A|An|The|Un|Una|El|La)\b/, (article) => article.toLowerCase());

/** Whether a part of a sentence starts with a verb, so it says something of its own. */
const STARTS_WITH_VERB: Record<Language, (head: string, next: string) => boolean> = {
  en: (head) =>
    /^(is|are|was|has|can|could|will|does|comes?|fits|costs|works|weighs|looks|cannot|can't|never|isn't|doesn't)$/.test(
      head,
    ) ||
    thirdPersonVerb(head) ||
    QUALIFIER.test(head),
  // Spanish drops the subject: "es de acero, sujeta papel y funciona sin pilas". A word in a
  // list ("blanca o roja") is followed by o/y, a verb by what it does.
  es: (head, next) =>
    /^(es|esta|tiene|puede|suele|sirve|cabe|cuesta|funciona|pesa|lleva|mide|se|hace)$/.test(head) ||
    (/[ae]$/.test(head) && next !== '' && !/^(o|u|y|e|ni)$/.test(next)),
};

/** "It is X, fits Y, and costs Z." -> ["is X", "fits Y", "costs Z"]; a list inside one ("black, grey or red") stays whole. */
function predicates(sentence: string, language: Language): string[] {
  const body = sentence.replace(/[.!]+$/, '').trim();
  const subject = SUBJECT.exec(body);
  const predicate = subject
    ? body.slice(subject[0].length).replace(/^/, subject[1]?.toLowerCase() === "it's" ? 'is ' : '')
    : body.replace(/^(the\s+)?(secret|object)\s+/i, '');
  const clauses: string[] = [];
  // English joins its last clause with ", and"; Spanish with a bare " y ".
  const parts = predicate.split(language === 'es' ? /(,\s*|\s+y\s+)/ : /(,\s*)/);
  for (let i = 0; i < parts.length; i += 2) {
    const part = parts[i] ?? '';
    const bare = part.replace(/^(and|or|but|y|o)\s+/i, '');
    const [head = '', next = ''] = words(bare).map(fold);
    if (clauses.length === 0 || STARTS_WITH_VERB[language](head, next)) clauses.push(bare);
    else clauses[clauses.length - 1] += `${parts[i - 1] ?? ', '}${part}`;
  }
  return clauses.filter((clause) => words(clause).length > 0);
}

function toClause(text: string, source: Clause['source'], lexicon: Lexicon): Clause {
  const negation = NEGATION.exec(text);
  const negatedPart = negation ? text.slice(negation.index + negation[0].length) : '';
  const affirmed = negation ? text.slice(0, negation.index) : text;
  const list = /([\p{L}-]+(?:,\s*[\p{L}-]+)*\s+(?:or|o)\s+[\p{L}-]+)/u.exec(affirmed)?.[1] ?? '';
  const bound = BOUND.exec(withDigits(text));
  const value = bound?.[2] === undefined ? undefined : numberOf(bound[2]);
  const direction = /^(less|under|fewer|menos)$/i.test(bound?.[1] ?? '') ? 'less' : 'more';
  return {
    text,
    terms: new Set(gameTerms(text)),
    negated: new Set(gameTerms(negatedPart)),
    options: new Set(gameTerms(list)),
    ...(QUALIFIER.exec(text)?.[1] && { qualifier: QUALIFIER.exec(text)?.[1]?.toLowerCase() }),
    ...(value !== undefined && { bound: { direction, value } }),
    reach: reachOf(negation ? affirmed : text, lexicon, source === 'problem'),
    source,
  };
}

/** "is used on a desk" -> "Is it used on a desk?", "fits in one hand" -> "Does it fit in one hand?". */
export function clauseQuestion(clause: Clause, language: Language): string | undefined {
  if (language === 'es') return `¿${capital(clause.text)}?`;
  const [verb, ...rest] = clause.text.split(/\s+/);
  if (!verb || rest.length === 0) return undefined;
  const word = fold(verb);
  if (/^(is|can|has)$/.test(word) && !(word === 'has' && /^(been|got)$/.test(rest[0] ?? '')))
    return word === 'has' ? `Does it have ${rest.join(' ')}?` : `${capital(word)} it ${rest.join(' ')}?`;
  if (thirdPersonVerb(word)) return `Does it ${baseForm(verb)} ${rest.join(' ')}?`;
  return undefined;
}

/** The clause said as a sentence about the secret: "It's used on a desk.", "It fits in one hand." */
export function clauseSentence(clause: Clause, language: Language): string {
  if (language === 'es') return `${capital(clause.text)}.`;
  const text = clause.text.replace(/^is\s+/i, "It's ");
  return /^It's /.test(text) ? `${text}.` : `It ${text}.`;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
