import type { ChatTurn, ResolvedLeia } from '../provider';
import { specText } from '../provider';
import { withDigits } from './game/rules';
import { buildKnowledge, type Knowledge, SolutionGuard } from './knowledge';
import { greetingOf, PHRASES, selfQuestion, temperamentOf } from './phrases';
import { rankFacts } from './ranking';
import { fold, hash, terms, words } from './text';

/**
 * The persona as an interviewee: answers in the persona's voice with the sentences of the
 * persona's and problem's texts that best match the question, one or two at a time, and never
 * says the hidden solution. Every reply comes with its alternatives (other wording, the next
 * matching facts) so that Regenerate has something else to say.
 */

/** The most facts one reply tells, and how close to the best a fact must score to join it. */
const MAX_FACTS = 2;
const CLOSE_TO_BEST = 0.75;
const MAX_INTERVIEW_TOPICS = 8;

/** The options in order, starting at `seed`: the first is the usual choice, the rest alternatives. */
export const rotate = <T>(options: readonly T[], seed: number): T[] =>
  options.map((_, index) => options[(seed + index) % options.length] as T);

export const lastQuestion = (history: readonly ChatTurn[]) =>
  history.findLast((turn) => turn.role === 'user')?.content ?? '';

const OBJECT_START =
  /^(a|an|the|every|each|those|these|this|that|them|it|his|her|their|its|our|my|to|any|all)$/i;

/** A capitalised word that is not a sentence's first is a name ("Northgate Family Clinic"). */
const isName = (word: string, text: string) => {
  const [first, second] = words(text);
  return first !== word || /^\p{Lu}/u.test(second ?? '');
};

export class Interviewee {
  readonly knowledge: Knowledge;
  readonly guard: SolutionGuard;
  /** The persona's own names are not what a question is about ("Hi Ana, ..."). */
  readonly #nameTerms: Set<string>;

  constructor(leia: ResolvedLeia) {
    this.guard = new SolutionGuard(specText(leia.problem.spec, 'solution'));
    this.knowledge = buildKnowledge(leia, this.guard);
    const names = `${specText(leia.persona.spec, 'fullName')} ${specText(leia.persona.spec, 'firstName')}`;
    this.#nameTerms = new Set(terms(names));
  }

  get phrases() {
    return PHRASES[this.knowledge.language];
  }

  /** "Hi, I'm Ana." when the message greets (or is empty), else undefined. */
  greeting(question: string): string | undefined {
    if (greetingOf(question) === undefined && question.trim() !== '') return undefined;
    const { firstName } = this.knowledge;
    return firstName ? this.phrases.greeting(firstName) : this.phrases.anonymousGreeting;
  }

  /** The reply to the last user turn, then its alternatives; never empty. */
  replies(history: readonly ChatTurn[]): string[] {
    const question = lastQuestion(history);
    const greeting = greetingOf(question);
    const hello = this.greeting(question);
    // "Good morning" greets; it does not ask about mornings.
    const asked = words(question).slice(greeting ? greeting.split(' ').length : 0);
    const aboutMe = selfQuestion(question);
    const openers = rotate(
      this.phrases.openers[temperamentOf(this.knowledge.personality)],
      hash(`${fold(question)}|${history.length}`),
    );
    let bodies: string[][];
    if (aboutMe) {
      const answer = aboutMe === 'who' ? this.intro(2) : this.personality();
      bodies = openers.map((opener) => [opener, answer]);
    } else {
      const [best, other] = this.#factChoices(asked, history);
      if (best) {
        bodies = [[openers[0]!, ...best]];
        if (other) bodies.push([openers[1]!, ...other]);
        bodies.push(...openers.slice(1).map((opener) => [opener, ...best]));
      } else if (hello) {
        bodies = this.phrases.invites.map((invite) => [this.intro(1), invite]);
      } else {
        bodies = this.phrases.deflections.map((deflection) => [deflection]);
      }
    }
    const replies = bodies.map((body) =>
      // The facts were checked when the knowledge was built; this covers whatever was composed around them.
      [hello, ...body].filter((part): part is string => !!part && !this.guard.leaks(part)).join(' '),
    );
    return [...new Set(replies.filter((reply) => reply.trim() !== ''))];
  }

  /** The first sentences the persona's description tells about them. */
  intro(count: number): string {
    const about = this.knowledge.facts.filter(
      (fact) => fact.kind === 'persona' || fact.kind === 'background',
    );
    return about
      .slice(0, count)
      .map((fact) => fact.text)
      .join(' ');
  }

  personality(): string {
    return this.knowledge.facts.find((fact) => fact.kind === 'personality')?.text ?? this.intro(1);
  }

  /**
   * One topic per problem fact, as a person names it: a phrase of the fact ("the standing orders",
   * "the waiting list"), the rarest it has, never one already asked about.
   */
  topics(): string[] {
    const used = new Set<string>();
    const topics: string[] = [];
    for (const fact of this.knowledge.facts.filter((candidate) => candidate.kind === 'problem')) {
      const phrase = this.#nounPhrases(fact.text)
        .filter((candidate) => !used.has(terms(candidate).join(' ')))
        .sort((a, b) => this.#rarity(b) - this.#rarity(a) || a.localeCompare(b))[0];
      if (phrase === undefined) continue;
      used.add(terms(phrase).join(' '));
      topics.push(this.knowledge.language === 'es' || /^\p{Lu}/u.test(phrase) ? phrase : `the ${phrase}`);
      if (topics.length === MAX_INTERVIEW_TOPICS) break;
    }
    return topics;
  }

  /**
   * Runs of up to three content words that end in a noun ("shared spreadsheet", "delivery note"),
   * within one part of a sentence: numbers, names, words used mostly as verbs and a verb after a
   * noun ("the assistant copies") end a run.
   */
  #nounPhrases(sentence: string): string[] {
    const { lexicon, language } = this.knowledge;
    const english = language === 'en';
    const classes = (word: string) => lexicon.wordClasses(fold(word));
    const isNoun = (word: string) => !english || classes(word)[0] === 'noun';
    const content = (word: string) => {
      const [term] = terms(word);
      if (!term || /\d/.test(withDigits(word)) || fold(word).length < 3 || this.#nameTerms.has(term))
        return false;
      const [usual] = classes(word);
      return !english || usual === undefined || usual === 'noun' || usual === 'adjective';
    };
    const phrases: string[] = [];
    for (const part of sentence.split(/[,;:()"]+/)) {
      let run: string[] = [];
      const flush = () => {
        while (run.length > 0 && !isNoun(run.at(-1) ?? '')) run.pop();
        if (run.length > 0) phrases.push(run.slice(-3).join(' '));
        run = [];
      };
      const partWords = words(part);
      for (const [at, word] of partWords.entries()) {
        // "the assistant copies those", "the library wants an": a verb, with its object after it.
        const object = OBJECT_START.test(partWords[at + 1] ?? '');
        const predicate =
          english &&
          run.length > 0 &&
          /[^s]s$/.test(word) &&
          (classes(word)[0] === 'verb' || (object && classes(word).includes('verb')));
        if (predicate) flush();
        if (content(word) && !predicate)
          run.push(
            run.length === 0 && /^\p{Lu}\p{Ll}/u.test(word) && !isName(word, part)
              ? word.toLowerCase()
              : word,
          );
        else flush();
      }
      flush();
    }
    return phrases;
  }

  /** How telling a phrase is: its words' rarity across everything the persona knows, longer phrases first. */
  #rarity(phrase: string): number {
    const found = terms(phrase);
    return found.reduce((sum, term) => sum + (this.knowledge.idf.get(term) ?? 0), 0) + found.length;
  }

  /** The facts that answer the question best, then the next ones that also answer it (if any). */
  #factChoices(questionWords: readonly string[], history: readonly ChatTurn[]): string[][] {
    const asked = questionWords.filter((word) => !this.#nameTerms.has(terms(word)[0] ?? '')).join(' ');
    const earlier = history.filter((turn) => turn.role === 'assistant').map((turn) => turn.content);
    const alreadySaid = new Set(
      this.knowledge.facts
        .filter((fact) => earlier.some((text) => text.includes(fact.text)))
        .map((fact) => fact.text),
    );
    const ranked = rankFacts(this.knowledge, asked, alreadySaid);
    const top = ranked[0]?.score ?? 0;
    const inOrder = (chosen: typeof ranked) =>
      [...chosen].sort((a, b) => a.fact.order - b.fact.order).map(({ fact }) => fact.text);
    const best = ranked.filter(({ score }) => score >= top * CLOSE_TO_BEST).slice(0, MAX_FACTS);
    const rest = ranked.filter((ranking) => !best.includes(ranking)).slice(0, MAX_FACTS);
    return [best, rest].filter((chosen) => chosen.length > 0).map(inOrder);
  }
}
