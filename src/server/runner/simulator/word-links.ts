import { numberValue } from '@shared/evaluation/values';
import type { Lexicon } from '@shared/lexicon';
import { fold, terms, words } from './text';

/**
 * How a question's word meets the words of the persona's texts, through the lexicon: itself or
 * another form of it ("deliveries" -> "delivery"), a synonym or a derived form in its usual sense
 * ("reserve" -> "book", "bills" -> "invoice"), or one step up or down WordNet's kinds ("stock" is a
 * kind of "product"; a "reminder" is a kind of "message", so "messages" meets "reminders"). Each
 * way counts less than the one before: a question in the texts' own words is the surest.
 * Everything is looked up on first use and remembered for the persona.
 */

export const LINK = {
  same: 1,
  /** A synonym or derived form in the word's most usual sense. */
  related: 0.8,
  /** ...in another of its usual senses ("bills" as invoices, not as draft laws). */
  otherSense: 0.6,
  /** One step up or down the kinds of its most usual sense. */
  kind: 0.6,
  /** ...of another of its usual senses. */
  otherKind: 0.45,
} as const;

/** What a "who" question may be answered with: a person, people, a group or an organisation. */
const AGENTS = ['person', 'people', 'social group', 'organization'];

/** An age bound in the texts: "under 16", "over 65", "younger than 18". */
const AGE_BOUND =
  /\b(under|below|over|above|younger than|older than)\s+(\d{1,3})\b(?!\s*(?:%|euros?|pounds?|minutes?|hours?|days?|weeks?|months?))/gi;

/** A participle used as an adjective: "damaged", "broken", "refused". */
const PARTICIPLE = /\p{L}{3}(ed|en)$/u;

/** Particles that make a phrasal verb with the word before them ("turn up", "go out"). */
const PARTICLE = /^(up|out|off|in|on|back|down|over|away|forward|through)$/;

/** The one term a word or phrase stands for, if it stands for one ("show up" -> "show"). */
const oneTerm = (phrase: string): string | undefined => {
  const found = terms(phrase.replace(/-/g, ' '));
  return found.length === 1 ? found[0] : undefined;
};

export class WordLinks {
  readonly #lexicon: Lexicon;
  /** Each term of the texts, with the words (folded) that gave it. */
  readonly #vocabulary = new Map<string, Set<string>>();
  /**
   * Terms the texts have only as part of a hyphenated word ("cut" of "cut-off"): met by the same
   * word, and by a phrase's synonyms ("turn up" -> "show up" meets "no-show"), never by a single
   * word's ("ignore" is to cut someone, not a cut-off).
   */
  readonly #parts = new Set<string>();
  /** A broader word -> the texts' terms it is one step broader than, with how closely. */
  #narrower: Map<string, Map<string, number>> | undefined;
  /** A word -> the texts' adjectival terms it is similar to. */
  #similar: Map<string, string[]> | undefined;
  readonly #links = new Map<string, ReadonlyMap<string, number>>();
  readonly #persons = new Map<string, boolean>();

  /** The texts' age bounds ("patients under 16"): an age asked about meets the bound it falls under. */
  readonly #ages: { below: boolean; value: number }[] = [];

  /** `texts` are the persona's sentences, `known` every term they are matched by (values included). */
  constructor(texts: readonly string[], known: Iterable<string>, lexicon: Lexicon) {
    this.#lexicon = lexicon;
    for (const [, word, value] of texts.join(' ').matchAll(AGE_BOUND))
      this.#ages.push({ below: /^(under|below|younger)/i.test(word ?? ''), value: Number(value) });
    for (const word of texts.flatMap(words)) {
      for (const term of terms(word)) {
        const surface = this.#vocabulary.get(term) ?? new Set<string>();
        surface.add(fold(word));
        this.#vocabulary.set(term, surface);
      }
    }
    for (const term of known) {
      if (this.#vocabulary.has(term)) continue;
      if (term.startsWith('@') || /^(morn|afternoon|evening|night)$/.test(term))
        this.#vocabulary.set(term, new Set());
      else this.#parts.add(term);
    }
  }

  /** The texts' terms a question's word or phrase can stand for, each with how closely (LINK). */
  of(word: string): ReadonlyMap<string, number> {
    const folded = fold(word);
    const known = this.#links.get(folded);
    if (known) return known;
    const links = new Map<string, number>();
    const phrase = folded.includes(' ');
    const add = (term: string | undefined, weight: number) => {
      if (!term || (links.get(term) ?? 0) >= weight) return;
      const part = this.#parts.has(term) && (weight === LINK.same || (phrase && weight === LINK.related));
      if (this.#vocabulary.has(term) || part) links.set(term, weight);
    };
    if (!phrase) for (const term of termsOfWord(word)) add(term, LINK.same);
    // "sixteen" is "16", "16" is "sixteen": the texts may write a number either way.
    for (const term of numberForms(folded)) add(term, LINK.same);
    // "a fourteen-year-old" is one of the "patients under 16".
    const age = numberValue(/^([\p{L}\d-]+?)-years?-old$/u.exec(folded)?.[1] ?? '');
    if (age !== undefined)
      for (const bound of this.#ages)
        if (bound.below ? age < bound.value : age > bound.value) add(String(bound.value), LINK.related);
    const lexicon = this.#lexicon;
    // An adjective's "similar" words are too loose ("last" -> "past"): only its own forms.
    const loose = lexicon.wordClasses(folded)[0] === 'adjective';
    for (const lemma of lexicon.lemmas(folded)) add(oneTerm(lemma), LINK.same);
    if (!loose) {
      // Looked up as written, so that only its senses in the classes it can be count ("closed":
      // the verb "close" and the adjective "closed", not the adjective "close").
      const usual = lexicon.related(folded, 1);
      for (const other of usual) add(oneTerm(other), LINK.related);
      for (const other of lexicon.related(folded))
        if (!usual.has(other)) add(oneTerm(other), LINK.otherSense);
      // Kinds of things only: a verb's broader verbs are too general ("weather" -> "hold").
      const first = lexicon.broader(folded, 1, 1, ['noun']);
      for (const broader of first) add(oneTerm(broader), LINK.kind);
      for (const broader of lexicon.broader(folded, 1, undefined, ['noun']))
        if (!first.has(broader)) add(oneTerm(broader), LINK.otherKind);
      for (const lemma of lexicon.lemmas(folded))
        for (const [term, weight] of this.#narrowerThan(lemma)) add(term, weight);
    }
    // A state of the texts stands for the states similar to it: "damaged" for "broken".
    if (PARTICIPLE.test(folded)) for (const term of this.#similarTo(folded)) add(term, LINK.otherSense);
    this.#links.set(folded, links);
    return links;
  }

  /**
   * Whether a question's two words are one phrase the lexicon knows: a phrasal verb ("turn up",
   * "opting out"), which stands for its words, or a compound ("in advance", "mobile phone"),
   * which comes with them. `forms` are the phrase as written and as the lexicon has it ("opt out").
   */
  phrase(first: string, second: string): { forms: string[]; phrasal: boolean } | undefined {
    const written = `${fold(first)} ${fold(second)}`;
    const bases = this.#lexicon.lemmas(written).filter((lemma) => lemma.includes(' '));
    if (bases.length === 0) return undefined;
    // The texts may say it in another form: "looking after it" for "look after".
    const forms = [written, ...bases].flatMap(inflected);
    return { forms: [...new Set(forms)], phrasal: PARTICLE.test(fold(second)) };
  }

  /** Whether a term of the texts names who does something ("bookkeeper", "guardian", "community"). */
  isPerson(term: string): boolean {
    const known = this.#persons.get(term);
    if (known !== undefined) return known;
    const person = [...(this.#vocabulary.get(term) ?? [])].some((word) =>
      this.#lexicon.lemmas(word).some((lemma) => {
        const kinds = this.#lexicon.broader(lemma, 8, 1, ['noun']);
        return AGENTS.some((agent) => kinds.has(agent));
      }),
    );
    this.#persons.set(term, person);
    return person;
  }

  /**
   * The texts' states that `word` is similar to in their usual sense ("broken" -> "damaged"):
   * looked up from the texts' side, where the lexicon lists the similar words of a head
   * adjective, and never its opposites. Participles only, on both sides: the similar words of
   * other adjectives are too loose ("far" is similar to "right", "repeated" to "double").
   */
  #similarTo(word: string): readonly string[] {
    if (!this.#similar) {
      const index = new Map<string, string[]>();
      for (const [term, surface] of this.#vocabulary)
        for (const folded of surface) {
          if (!PARTICIPLE.test(folded) || !this.#lexicon.wordClasses(folded).includes('adjective')) continue;
          for (const similar of this.#lexicon.related(folded, 1))
            index.set(similar, [...(index.get(similar) ?? []), term]);
        }
      this.#similar = index;
    }
    return this.#similar.get(word) ?? [];
  }

  /** The texts' terms whose words are one step narrower than `word` (for "message": "reminder"). */
  #narrowerThan(word: string): ReadonlyMap<string, number> {
    if (!this.#narrower) {
      const index = new Map<string, Map<string, number>>();
      const link = (broader: string, term: string, weight: number) => {
        const narrower = index.get(broader) ?? new Map<string, number>();
        if ((narrower.get(term) ?? 0) < weight) narrower.set(term, weight);
        index.set(broader, narrower);
      };
      for (const [term, surface] of this.#vocabulary) {
        for (const lemma of [...surface].flatMap((folded) => this.#lexicon.lemmas(folded))) {
          const first = this.#lexicon.broader(lemma, 1, 1, ['noun']);
          for (const broader of first) link(broader, term, LINK.kind);
          for (const broader of this.#lexicon.broader(lemma, 1, undefined, ['noun']))
            if (!first.has(broader)) link(broader, term, LINK.otherKind);
        }
      }
      this.#narrower = index;
    }
    return this.#narrower.get(word) ?? new Map();
  }
}

/** A word's terms, and those of each part of a hyphenated word ("cash-on-delivery": cash, delivery). */
export function termsOfWord(word: string): string[] {
  const found = terms(word);
  if (word.includes('-')) for (const part of word.split('-')) found.push(...terms(part));
  return [...new Set(found)];
}

/** Number words by value, to write a figure in words ("16" -> "sixteen"). */
const IN_WORDS = new Map(
  'two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
    .split(' ')
    .map((word, index) => [index + 2, word]),
);

/**
 * A number's other way of being written, as terms: "sixteen" (or "fourteen-year-old"'s
 * "fourteen") -> "16", "16" -> "sixteen". "One" and "a" stay words: they are rarely a count.
 */
export function numberForms(folded: string): string[] {
  const forms: string[] = [];
  for (const part of folded.split('-')) {
    if (/^\d+$/.test(part)) {
      const inWords = IN_WORDS.get(Number(part));
      if (inWords) forms.push(...terms(inWords));
      continue;
    }
    const value = /^(one|an?|zero)$/.test(part) ? undefined : numberValue(part);
    if (value !== undefined) forms.push(String(value));
  }
  return forms;
}

/** A phrase with its first word's regular forms: "look after", "looks after", "looking after", "looked after". */
function inflected(phrase: string): string[] {
  const [head = '', ...rest] = phrase.split(' ');
  const tail = rest.length > 0 ? ` ${rest.join(' ')}` : '';
  const root = head.replace(/e$/, '');
  return [phrase, ...[`${head}s`, `${root}ing`, `${root}ed`].map((form) => form + tail)];
}

/** A text's words folded, between spaces: a phrase is found in it as " opt out ". */
export const spaced = (text: string) => ` ${words(text).map(fold).join(' ')} `;
