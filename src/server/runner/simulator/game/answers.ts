import { fold, stem, words } from '../text';
import { askedForms, phraseKey } from './lexical';
import { withDigits } from './rules';
import {
  askedWords,
  type Clause,
  clauseHas,
  gameTerms,
  keyTerms,
  negatedIn,
  optionIn,
  type Secret,
  withoutArticle,
} from './secret';

/**
 * How the host reasons about its secret: a yes/no question is true when one clause says every
 * property the question asks about, in the problem's words or in words the lexicon says mean as
 * much (a property nothing states is a No); a clause that says it does not hold is a No. A guess
 * is right (its name or another name of it), a kind it is ("Is it a bird?": a yes), close (a
 * narrower or a broader term) or wrong. An open question is answered by one of the problem's clauses.
 */

export type Verdict =
  | { kind: 'yes'; qualifier?: string }
  | { kind: 'sometimes' }
  | { kind: 'depends' }
  | { kind: 'no'; because?: Clause };

/** "Does it work without electricity?", "Does it need no power?": asks for something to be absent. */
const FLIPS = /\b(without|sin)\b|\b(need|needs|use|uses|have|has)\s+no\b/i;
const POSSIBLY = /^\W*(can|could|may|might|puede|podria)\b/i;
const ASKED_BOUND =
  /\b(less|more|under|over|fewer|cheaper|bigger|smaller|larger|heavier|lighter|menos|m[aá]s)\b[^?]*?(\d+)/i;
const LESS = /^(less|under|fewer|cheaper|smaller|lighter|menos)$/i;

interface AskedTerm {
  word: string;
  term: string;
  /** Its own stem and its base forms': what a clause's "not" must name to deny it. */
  bases: readonly string[];
  /** The stems it can be met by: its own, its base forms', its synonyms' and derived forms'. */
  forms: readonly string[];
  /** A word that only qualifies ("partly", "together", "very"): nice to meet, not needed. */
  optional: boolean;
}

/** Spanish endings of gender, number and verb form, longest first: "plateada" is "plateado", "sujetar" "sujeta". */
const SPANISH_ENDING = /(ados|adas|idos|idas|ado|ada|ido|ida|ar|er|ir|as|os|es|an|en|a|o|e)$/;
const SPANISH_ENDINGS = ['a', 'o', 'e', 'as', 'os', 'an', 'en', 'ar', 'er', 'ir', 'ado', 'ada', 'ido', 'ida'];

/** A Spanish word's other forms, as terms: there is no lexicon for Spanish, so its endings are varied. */
function spanishForms(word: string): string[] {
  const root = word.replace(SPANISH_ENDING, '');
  return root.length < 4 ? [] : SPANISH_ENDINGS.map((ending) => stem(`${root}${ending}`));
}

function askedTerms(secret: Secret, question: string): AskedTerm[] {
  const { lexicon } = secret;
  return askedWords(question)
    .filter(({ term }) => !secret.name.includes(term))
    .map(({ word, term }) => {
      const classes = lexicon.wordClasses(word);
      const spanish = secret.language === 'es' ? spanishForms(word) : [];
      return {
        word,
        term,
        bases: [term, ...lexicon.lemmas(word).map(stem)],
        forms: [...askedForms(word, lexicon), ...spanish],
        optional: classes.length > 0 && classes.every((kind) => kind === 'adverb'),
      };
    });
}

/** What must be met: all but the qualifying adverbs, unless the question is only an adverb ("Is it indoors?"). */
function neededOf(asked: readonly AskedTerm[]): AskedTerm[] {
  const needed = asked.filter((term) => !term.optional);
  return needed.length > 0 ? needed : [...asked];
}

/**
 * The clause says it, or a word of the clause stands for it (a synonym, another form, a narrower
 * word: "washes" meets "cleaning"), or the asked word stands for a word of the clause. Only one
 * side is widened at a time: two widened words meet over almost anything.
 */
const meets = (clause: Clause, asked: AskedTerm, widened = true) =>
  clauseHas(clause, asked.term) ||
  (widened && clause.reach.has(asked.term)) ||
  asked.forms.some((form) => clause.terms.has(form));

/** "Is it furniture?", "Is it a container?": asks what kind of thing it is. */
const KIND_QUESTION = /^\W*(?:is|isn't)\s+(?:it|this)\s+(?:(?:a|an|some)\s+)?([\p{L}\s-]+?)\W*$/iu;

/**
 * A question that names a kind (its last word a noun) is met only by what the secret is: by a
 * clause's own words or their synonyms, not by their broader words, which say what the secret is
 * used with or on ("used on a desk" reaches "furniture"; a stapler is not furniture).
 */
function asksKind(secret: Secret, question: string): boolean {
  const named = KIND_QUESTION.exec(question)?.[1];
  const head = named === undefined ? undefined : words(named).at(-1);
  return !!head && secret.lexicon.wordClasses(fold(head))[0] === 'noun';
}

const negates = (clause: Clause, asked: AskedTerm) =>
  negatedIn(clause, asked.term) || asked.bases.some((base) => clause.negated.has(base));

/** The clause says the opposite ("is eaten hot" for "cold", "is outdoors" for "indoors"). */
const opposes = (clause: Clause, asked: AskedTerm, secret: Secret) =>
  !meets(clause, asked) &&
  [...secret.lexicon.opposites(asked.word)].some((opposite) => clause.terms.has(stem(fold(opposite))));

export function answerYesNo(secret: Secret, question: string): Verdict {
  const compared = compare(secret, question);
  if (compared) return compared;
  const needed = neededOf(askedTerms(secret, question));
  if (needed.length === 0) return { kind: 'depends' };
  const flips = FLIPS.test(question);
  // What the problem says does not hold outweighs anything the lexicon adds.
  const problem = secret.clauses.filter((clause) => clause.source === 'problem');
  const denial = problem.find(
    (clause) =>
      needed.some((term) => negates(clause, term)) &&
      needed.every((term) => negates(clause, term) || meets(clause, term)),
  );
  if (denial) return flips ? { kind: 'yes' } : { kind: 'no', because: denial };
  const opposite = problem.find((clause) => needed.some((term) => opposes(clause, term, secret)));
  if (opposite) return flips ? { kind: 'yes' } : { kind: 'no', because: opposite };
  const widened = !asksKind(secret, question);
  const clause =
    problem.find((candidate) => needed.every((term) => meets(candidate, term, widened))) ??
    secret.clauses.find((candidate) => needed.every((term) => meets(candidate, term, widened)));
  if (!clause) return flips ? { kind: 'yes' } : { kind: 'no' };
  if (flips) return { kind: 'no', because: clause.source === 'problem' ? clause : undefined };
  // "Is it red?" of "black, grey or red" is a sometimes; "Can it be red?" a yes.
  if (needed.some((term) => optionIn(clause, term.term)))
    return POSSIBLY.test(question) ? { kind: 'yes' } : { kind: 'sometimes' };
  return clause.qualifier ? { kind: 'yes', qualifier: clause.qualifier } : { kind: 'yes' };
}

/** "Does it cost more than 50 euros?" against "costs less than twenty euros". */
function compare(secret: Secret, question: string): Verdict | undefined {
  const match = ASKED_BOUND.exec(withDigits(question));
  if (!match?.[1] || !match[2]) return undefined;
  const asked = { less: LESS.test(match[1]), value: Number(match[2]) };
  const about = keyTerms(question).filter((term) => !/^\d+$/.test(term));
  const clause = secret.clauses.find(
    (candidate) =>
      candidate.bound && (about.length === 0 || about.some((term) => clauseHas(candidate, term))),
  );
  if (!clause?.bound) return undefined;
  const { direction, value } = clause.bound;
  if (direction === 'less') {
    if (asked.value < value) return { kind: 'depends' };
    return asked.less ? { kind: 'yes' } : { kind: 'no', because: clause };
  }
  if (asked.value > value) return { kind: 'depends' };
  return asked.less ? { kind: 'no', because: clause } : { kind: 'yes' };
}

export type Judgement = 'right' | 'kind' | 'close' | 'wrong';

const endsWith = (long: readonly string[], tail: readonly string[]) =>
  tail.length > 0 && tail.every((term, index) => long[long.length - tail.length + index] === term);

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && endsWith(a, b);

/** "a piece of office equipment", "some kind of bird": what is named is the last part. */
const PIECE_OF = /^(?:(?:a|an|the|some)\s+)?(?:piece|kind|type|sort|item|bit)\s+of\s+/i;

/**
 * Right: the secret's name or another name of it (any article, singular or plural). A kind: what
 * the rules, the problem or the lexicon say it is ("an animal", "a bird"). Close: a narrower term
 * ("electric stapler", "emperor penguin"), or a broader one ("clip" for a paper clip, or a kind
 * the solution names: "a kind of office supply"). Anything else is wrong, a sibling too ("binder clip").
 */
export function judgeGuess(secret: Secret, phrase: string): Judgement {
  const guessed = gameTerms(withoutArticle(phrase.replace(PIECE_OF, '')));
  const { name } = secret;
  if (guessed.length === 0) return 'wrong';
  if ([name, ...secret.synonyms].some((known) => same(guessed, known))) return 'right';
  const named = guessed.join(' ');
  if (secret.identity.has(named)) return 'kind';
  if (secret.kinds.some((kind) => same(guessed, kind))) return 'close';
  if (endsWith(guessed, name) || endsWith(name, guessed)) return 'close';
  if (secret.narrower.some((narrower) => same(guessed, narrower))) return 'close';
  if (secret.lexicalKinds.has(named)) return 'kind';
  if (usedAsKind(secret, withoutArticle(phrase.replace(PIECE_OF, '')))) return 'kind';
  return 'wrong';
}

/** How many narrower kinds a named kind has at least in the lexicon to be a kind, not a thing. */
const KIND_BREADTH = 15;

/** "equipment: an instrumentality needed for an undertaking": defined as its broader kind put to a use. */
const definedAs = (gloss: string, broader: readonly string[]) =>
  broader.some((word) => {
    const start = gloss.toLowerCase().replace(/^(a|an|any|the)\s+/, '');
    return start.startsWith(`${word} `) || start === word;
  });

/**
 * A kind named by its use and where it is found ("office equipment", "kitchen equipment"): a kind
 * the secret is when its last word names one of the secret's kinds, or is defined by the lexicon
 * as one of its nearest kinds put to a use (equipment is "an instrumentality needed for an
 * undertaking", and a stapler is a machine, a device, an instrumentality; a container is "any
 * object that can be used to hold things", a toy "an artifact designed to be played with", both
 * too far up), and the problem says every word before it ("found in most homes and offices").
 */
function usedAsKind(secret: Secret, named: string): boolean {
  const list = words(named.toLowerCase());
  const head = list.at(-1);
  const concept = head === undefined ? undefined : secret.lexicon.concept(head);
  if (!head || !concept) return false;
  const [nearest] = concept.broader;
  // A kind the secret already is ("appliance" for a washing machine) needs no breadth; another
  // must group many kinds ("equipment", "device"): a thing with few ("dryer") is a sibling, a guess.
  const known = [secret.identity, secret.lexicalKinds].some((kinds) => kinds.has(phraseKey(head)));
  if (!known && concept.narrower.length < KIND_BREADTH) return false;
  const kind =
    known ||
    (!!nearest &&
      nearest.words.some((word) => secret.nearKinds.has(phraseKey(word))) &&
      definedAs(concept.gloss, nearest.words));
  if (!kind) return false;
  return list.slice(0, -1).every((modifier) => modifierHolds(secret, modifier));
}

const ARTIFACT = phraseKey('artifact');
/** "flightless", "cordless": a word that says its root is absent. */
const LACKING = /^(\p{L}{3,})less$/u;

/**
 * The problem says a kind's modifier: its words, not denied; "natural" when the lexicon puts the
 * secret under no artifact; or, for a word of lack ("a flightless bird"), a clause denies its root
 * in one of its forms ("cannot fly").
 */
function modifierHolds(secret: Secret, modifier: string): boolean {
  const problem = secret.clauses.filter((clause) => clause.source === 'problem');
  // "Natural" is what WordNet's "natural object" says: not made by man, so not an artifact.
  if (/^natural$/i.test(modifier) && secret.lexicalKinds.size > 0) return !secret.lexicalKinds.has(ARTIFACT);
  // Denied in any of its forms: "works without electricity" denies "electrical".
  const denies = (clause: Clause, term: AskedTerm) =>
    negates(clause, term) || term.forms.some((form) => clause.negated.has(form));
  const root = LACKING.exec(modifier)?.[1];
  if (root) return askedTerms(secret, root).some((term) => problem.some((clause) => denies(clause, term)));
  return askedTerms(secret, modifier).every(
    (term) =>
      problem.some((clause) => meets(clause, term)) && !problem.some((clause) => denies(clause, term)),
  );
}

/** Nouns that name no thing in particular: "a metal object" says only "metal". */
const ANY_THING = /\b(object|thing|item|something|stuff)s?$/;

/**
 * A guessed thing the problem says is true of the secret: "a metal object" when a clause says it is
 * metal. A named thing ("a building", "a fish") is a guess, whatever the clauses mention.
 */
export function describes(secret: Secret, phrase: string): boolean {
  const named = withoutArticle(phrase.replace(PIECE_OF, '')).toLowerCase();
  if (!ANY_THING.test(named)) return false;
  const asked = neededOf(askedTerms(secret, named.replace(ANY_THING, '')));
  const problem = secret.clauses.filter((clause) => clause.source === 'problem');
  return (
    asked.length > 0 &&
    asked.every((term) => problem.some((clause) => meets(clause, term) && !negates(clause, term)))
  );
}

/** The clause that answers an open question: by what it asks about, else by shared words. */
export function answerOpen(
  secret: Secret,
  question: string,
  topics: readonly { asks: RegExp; answeredBy: RegExp }[],
): Clause | undefined {
  // Only what the problem says is said back: the lexicon's definitions would name the secret.
  const problem = secret.clauses.filter((clause) => clause.source === 'problem');
  const topic = topics.find(({ asks }) => asks.test(question));
  if (topic) return problem.find((clause) => topic.answeredBy.test(clause.text));
  const asked = keyTerms(question);
  let best: Clause | undefined;
  let bestShared = 0;
  for (const clause of problem) {
    const shared = asked.filter((term) => clauseHas(clause, term)).length;
    if (shared > bestShared) [best, bestShared] = [clause, shared];
  }
  return best;
}

/** A hint that rules something out ("it works without electricity"), else the first thing said of it. */
export function hintClause(secret: Secret): Clause | undefined {
  const problem = secret.clauses.filter((clause) => clause.source === 'problem');
  return problem.find((clause) => clause.negated.size > 0) ?? problem[0];
}

/** Whether a text gives the secret's name away ("staples" for a stapler). */
export function namesSecret(secret: Secret, text: string): boolean {
  const said = gameTerms(text);
  return secret.name.some((term) =>
    said.some(
      (word) => Math.min(word.length, term.length) >= 4 && (word.startsWith(term) || term.startsWith(word)),
    ),
  );
}
