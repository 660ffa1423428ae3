import type { ChatTurn, ResolvedLeia } from '../provider';
import { specText } from '../provider';
import { buildKnowledge, type Knowledge, rankFacts, SolutionGuard } from './knowledge';
import { greetingOf, PHRASES, selfQuestion, temperamentOf } from './phrases';
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
const TOPIC_HINTS = 3;
const MAX_INTERVIEW_TOPICS = 8;

/** The options in order, starting at `seed`: the first is the usual choice, the rest alternatives. */
export const rotate = <T>(options: readonly T[], seed: number): T[] =>
  options.map((_, index) => options[(seed + index) % options.length] as T);

export const lastQuestion = (history: readonly ChatTurn[]) =>
  history.findLast((turn) => turn.role === 'user')?.content ?? '';

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
        const topics = this.#topicHints();
        bodies = this.phrases.deflections.map((deflect) => [deflect(topics)]);
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

  /** Pairs of topic words, one pair per problem fact that has words of its own. */
  topics(): [string, string | undefined][] {
    const used = new Set<string>();
    const topics: [string, string | undefined][] = [];
    for (const fact of this.knowledge.facts.filter((candidate) => candidate.kind === 'problem')) {
      // Numbers make poor topics ("tell me about 30"); the words around them say what they count.
      const fresh = this.#byRarity([...fact.terms]).filter((term) => !used.has(term) && !/^\d/.test(term));
      const [a, b] = fresh;
      if (a === undefined) continue;
      for (const term of [a, b]) if (term !== undefined) used.add(term);
      topics.push([this.#word(a), b === undefined ? undefined : this.#word(b)]);
      if (topics.length === MAX_INTERVIEW_TOPICS) break;
    }
    return topics;
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

  /** The problem's most telling words: frequent in its texts, rare across everything the persona knows. */
  #topicHints(): string[] {
    const weight = new Map<string, number>();
    for (const fact of this.knowledge.facts) {
      if (fact.kind !== 'problem') continue;
      for (const term of fact.terms)
        weight.set(term, (weight.get(term) ?? 0) + (this.knowledge.idf.get(term) ?? 0));
    }
    return [...weight]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .slice(0, TOPIC_HINTS)
      .map(([term]) => this.#word(term));
  }

  #byRarity(candidates: string[]): string[] {
    const idf = (term: string) => this.knowledge.idf.get(term) ?? 0;
    return candidates
      .filter((term) => !this.#nameTerms.has(term))
      .sort((a, b) => idf(b) - idf(a) || a.localeCompare(b));
  }

  #word(term: string): string {
    return this.knowledge.surface.get(term) ?? term;
  }
}
