import { setTimeout as sleep } from 'node:timers/promises';
import { type ChatTurn, type LlmProvider, ProviderError, type ResolvedLeia, specText } from './provider';
import { buildKnowledge, type Knowledge, rankFacts, SolutionGuard } from './simulator/knowledge';
import { greetingOf, PHRASES, selfQuestion, temperamentOf } from './simulator/phrases';
import { chunkWords, fold, hash, pick, terms, words } from './simulator/text';
import { type TranscriptTurn, toTranscription } from './transcription';

/**
 * The offline simulator: a stand-in for a language model in classrooms without one, and in
 * tests. It is not an LLM and is never presented as one (its model id says so). It answers in the
 * persona's voice with the sentences of the persona's and problem's texts that best match the
 * question, and never says the hidden solution. The same conversation always gets the same reply.
 */

export const SIMULATOR_MODEL = 'offline-simulator';
/** Simulated interviews start here, so the same LEIA always yields the same transcription. */
export const SIMULATED_INTERVIEW_START = new Date('2024-01-01T09:00:00Z');

export interface SimulatorOptions {
  /** Pause between streamed word chunks, for demos; none by default. */
  chunkDelayMs?: number;
}

/** The most facts one reply tells, and how close to the best a fact must score to join it. */
const MAX_FACTS = 2;
const CLOSE_TO_BEST = 0.75;
const TOPIC_HINTS = 3;
const MAX_INTERVIEW_TOPICS = 8;

export function createSimulatorProvider(options: SimulatorOptions = {}): LlmProvider {
  return {
    name: 'simulator',
    model: SIMULATOR_MODEL,
    async *streamReply({ leia, history, signal }) {
      const reply = simulateReply(leia, history);
      for (const [index, chunk] of chunkWords(reply).entries()) {
        if (index > 0 && options.chunkDelayMs)
          await sleep(options.chunkDelayMs, undefined, { signal }).catch(() => {});
        if (signal?.aborted) throw cancelled();
        yield chunk;
      }
    },
    async generateTranscription({ leia, signal }) {
      if (signal?.aborted) throw cancelled();
      return toTranscription(simulateInterview(leia), SIMULATED_INTERVIEW_START);
    },
  };
}

const cancelled = () => new ProviderError('aborted', 'The request to the language model was cancelled');

/** The persona's answer to the last user turn of `history`. */
export function simulateReply(leia: ResolvedLeia, history: readonly ChatTurn[]): string {
  return new Persona(leia).reply(history);
}

/**
 * A deterministic interview: the interviewer opens without context, then asks about each topic of
 * the problem (one per sentence of its description and details, named by its rarest words), and
 * the persona answers every turn as it would in a chat.
 */
export function simulateInterview(leia: ResolvedLeia): TranscriptTurn[] {
  const persona = new Persona(leia);
  const phrases = PHRASES[persona.knowledge.language];
  const history: ChatTurn[] = [];
  const ask = (question: string) => {
    history.push({ role: 'user', content: question });
    history.push({ role: 'assistant', content: persona.reply(history) });
  };
  ask(phrases.interviewOpening);
  persona.topics().forEach(([a, b], index) => {
    ask(pick(phrases.topicQuestions, index)(a, b));
  });
  history.push(
    { role: 'user', content: phrases.interviewClosing },
    { role: 'assistant', content: phrases.farewell },
  );
  return history.map((turn) => ({ text: turn.content, isLeia: turn.role === 'assistant' }));
}

class Persona {
  readonly knowledge: Knowledge;
  readonly #guard: SolutionGuard;
  /** The persona's own names are not what a question is about ("Hi Ana, ..."). */
  readonly #nameTerms: Set<string>;

  constructor(leia: ResolvedLeia) {
    this.#guard = new SolutionGuard(specText(leia.problem.spec, 'solution'));
    this.knowledge = buildKnowledge(leia, this.#guard);
    const names = `${specText(leia.persona.spec, 'fullName')} ${specText(leia.persona.spec, 'firstName')}`;
    this.#nameTerms = new Set(terms(names));
  }

  reply(history: readonly ChatTurn[]): string {
    const { knowledge } = this;
    const phrases = PHRASES[knowledge.language];
    const question = history.findLast((turn) => turn.role === 'user')?.content ?? '';
    const greeting = greetingOf(question);
    const greeted = greeting !== undefined || question.trim() === '';
    const parts: string[] = [];
    if (greeted)
      parts.push(knowledge.firstName ? phrases.greeting(knowledge.firstName) : phrases.anonymousGreeting);

    // "Good morning" greets; it does not ask about mornings.
    const asked = words(question).slice(greeting ? greeting.split(' ').length : 0);
    const aboutMe = selfQuestion(question);
    const facts = aboutMe ? [] : this.#bestFacts(asked, history);
    const opener = pick(
      phrases.openers[temperamentOf(knowledge.personality)],
      hash(`${fold(question)}|${history.length}`),
    );
    if (facts.length > 0) {
      parts.push(opener, ...facts);
    } else if (aboutMe) {
      parts.push(opener, aboutMe === 'who' ? this.#intro(2) : this.#personality());
    } else if (greeted) {
      parts.push(this.#intro(1), phrases.invite);
    } else {
      parts.push(phrases.narrower(this.#topicHints()));
    }
    // The facts were checked when the knowledge was built; this covers whatever was composed around them.
    return parts.filter((part) => part !== '' && !this.#guard.leaks(part)).join(' ');
  }

  /** The first sentences the persona's description tells about them. */
  #intro(count: number): string {
    const about = this.knowledge.facts.filter(
      (fact) => fact.kind === 'persona' || fact.kind === 'background',
    );
    return about
      .slice(0, count)
      .map((fact) => fact.text)
      .join(' ');
  }

  #personality(): string {
    return this.knowledge.facts.find((fact) => fact.kind === 'personality')?.text ?? this.#intro(1);
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

  #bestFacts(questionWords: readonly string[], history: readonly ChatTurn[]): string[] {
    const asked = questionWords.filter((word) => !this.#nameTerms.has(terms(word)[0] ?? '')).join(' ');
    const earlier = history.filter((turn) => turn.role === 'assistant').map((turn) => turn.content);
    const alreadySaid = new Set(
      this.knowledge.facts
        .filter((fact) => earlier.some((text) => text.includes(fact.text)))
        .map((fact) => fact.text),
    );
    const ranked = rankFacts(this.knowledge, asked, alreadySaid);
    const best = ranked[0]?.score ?? 0;
    return ranked
      .filter(({ score }) => score >= best * CLOSE_TO_BEST)
      .slice(0, MAX_FACTS)
      .sort((a, b) => a.fact.order - b.fact.order)
      .map(({ fact }) => fact.text);
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
