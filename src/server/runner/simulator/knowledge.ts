import { type ResolvedLeia, specText } from '../provider';
import { PHRASES } from './phrases';
import { detectLanguage, fold, type Language, sentences, stem, terms, words } from './text';
import { toFirstPerson, type Voice } from './voice';

/**
 * What the simulated persona may say: the sentences of the persona's and the problem's texts,
 * each already in the persona's voice, with the terms a question is matched against. The
 * problem's solution is never a source; the SolutionGuard below also drops any sentence that
 * repeats a long run of it (a description that quotes the solution, a placeholder that pulled it in).
 */

/** Where a fact comes from: who the persona is, or the problem an interview explores. */
export type FactKind = 'name' | 'persona' | 'personality' | 'background' | 'problem';

export interface Fact {
  /** The sentence in the persona's voice, ready to say. */
  text: string;
  terms: ReadonlySet<string>;
  /** Position in the source texts, to say several facts in their natural order. */
  order: number;
  kind: FactKind;
}

export interface Knowledge {
  language: Language;
  firstName: string;
  personality: string;
  facts: Fact[];
  idf: ReadonlyMap<string, number>;
  /** A readable word for each stem, to name topics ("orders" for "order"). */
  surface: ReadonlyMap<string, string>;
}

/**
 * Source texts in the order a persona would tell them. Pronouns are read as the persona only in
 * texts about the persona: in the problem's texts "she" or "they" is as likely a customer.
 */
const SOURCES = [
  { part: 'persona', field: 'description', kind: 'persona', pronouns: true, secondPerson: false },
  { part: 'problem', field: 'personaBackground', kind: 'background', pronouns: true, secondPerson: true },
  { part: 'problem', field: 'description', kind: 'problem', pronouns: false, secondPerson: false },
  { part: 'problem', field: 'details', kind: 'problem', pronouns: false, secondPerson: false },
] as const;

export function buildKnowledge(leia: ResolvedLeia, guard: SolutionGuard): Knowledge {
  const persona = (key: string) => specText(leia.persona.spec, key);
  const texts = SOURCES.map((source) => ({
    ...source,
    text: specText(leia[source.part].spec, source.field),
  }));
  const personality = persona('personality');
  const language = detectLanguage(texts.map((source) => source.text).join(' '));
  const phrases = PHRASES[language];
  const fullName = persona('fullName') || persona('firstName');
  const voice: Omit<Voice, 'pronouns' | 'secondPerson'> = {
    language,
    firstName: persona('firstName') || fullName.split(/\s+/)[0] || '',
    fullName,
    subject: persona('subjectPronoum'),
    object: persona('objectPronoum'),
    possessiveAdjective: persona('possesiveAdjective'),
    possessivePronoun: persona('possesivePronoum'),
  };

  const said: { text: string; kind: FactKind }[] = [];
  if (fullName) said.push({ text: phrases.myName(fullName), kind: 'name' });
  for (const source of texts) {
    for (const sentence of sentences(source.text)) {
      const text = toFirstPerson(sentence, {
        ...voice,
        pronouns: source.pronouns,
        secondPerson: source.secondPerson,
      });
      if (!guard.leaks(sentence) && !guard.leaks(text)) said.push({ text, kind: source.kind });
    }
  }
  // A personality is a list of traits ("practical, warm, blunt"): it is told as one sentence.
  if (personality) {
    const text = phrases.personality(
      toFirstPerson(personality, { ...voice, pronouns: true, secondPerson: false }),
    );
    if (!guard.leaks(text)) said.push({ text, kind: 'personality' });
  }
  const facts = said.map(({ text, kind }, order) => ({ text, kind, order, terms: new Set(terms(text)) }));
  return {
    language,
    firstName: voice.firstName,
    personality,
    facts,
    idf: inverseDocumentFrequency(facts),
    surface: surfaceWords(said.map((fact) => fact.text)),
  };
}

function inverseDocumentFrequency(facts: readonly Fact[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const fact of facts) for (const term of fact.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return new Map([...counts].map(([term, count]) => [term, Math.log(1 + facts.length / count)]));
}

function surfaceWords(texts: readonly string[]): Map<string, string> {
  const surface = new Map<string, string>();
  for (const word of texts.flatMap(words)) {
    const folded = fold(word);
    if (folded.length > 2 && !surface.has(stem(folded))) surface.set(stem(folded), word.toLowerCase());
  }
  return surface;
}

export interface RankedFact {
  fact: Fact;
  score: number;
}

/**
 * Facts that share terms with the question, best first. A shared term counts by its idf (rare
 * words say more than common ones); the sum is damped by the fact's length so long sentences do
 * not win by size alone; facts already said in the conversation count half, so a follow-up
 * question brings something new when there is something new to bring.
 */
export function rankFacts(
  knowledge: Knowledge,
  question: string,
  alreadySaid: ReadonlySet<string>,
): RankedFact[] {
  const asked = new Set(terms(question));
  const ranked: RankedFact[] = [];
  for (const fact of knowledge.facts) {
    let overlap = 0;
    for (const term of asked) if (fact.terms.has(term)) overlap += knowledge.idf.get(term) ?? 0;
    if (overlap === 0) continue;
    const repeated = alreadySaid.has(fact.text) ? 0.5 : 1;
    ranked.push({ fact, score: (repeated * overlap) / (1 + Math.log(1 + fact.terms.size)) });
  }
  return ranked.sort((a, b) => b.score - a.score || a.fact.order - b.fact.order);
}

/** Spots text that repeats `runLength` or more consecutive words of the hidden solution. */
export class SolutionGuard {
  readonly #runs = new Set<string>();
  readonly #runLength: number;

  constructor(solution: string, runLength = 8) {
    this.#runLength = runLength;
    const solutionWords = words(solution).map(fold);
    for (let i = 0; i + runLength <= solutionWords.length; i += 1) {
      this.#runs.add(solutionWords.slice(i, i + runLength).join(' '));
    }
  }

  leaks(text: string): boolean {
    if (this.#runs.size === 0) return false;
    const textWords = words(text).map(fold);
    for (let i = 0; i + this.#runLength <= textWords.length; i += 1) {
      if (this.#runs.has(textWords.slice(i, i + this.#runLength).join(' '))) return true;
    }
    return false;
  }
}
