import { type Lexicon, NO_LEXICON } from '@shared/lexicon';
import { serverLexicon } from '../../lexicon';
import { type ResolvedLeia, specText } from '../provider';
import { type AnswerKind, clauseKinds, valueWords } from './answer-kinds';
import { PHRASES } from './phrases';
import { describePersonality, selfIntroduction } from './self';
import { detectLanguage, fold, type Language, sentences, words } from './text';
import { toFirstPerson, type Voice } from './voice';
import { spaced, termsOfWord, WordLinks } from './word-links';

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
  /** Its terms, those of its hyphenated words' parts, and its times and durations (answer-kinds.ts). */
  terms: ReadonlySet<string>;
  /** Its words folded, between spaces, to find a phrase in. */
  said: string;
  /** Its clauses: a question is about one of them, and a long sentence is not long for it. */
  clauses: readonly Clause[];
  /** Position in the source texts, to say several facts in their natural order. */
  order: number;
  kind: FactKind;
}

/** Where a sentence divides into clauses that each say one thing. */
const CLAUSE_BREAK = /;\s*|:\s+|,\s+(?=(?:and|but|so|which|who|otherwise|while|or)\b)|\s+\((?=[^)]*\))/;
export interface Clause {
  text: string;
  /** Its words folded, between spaces, to find a phrase in (" opt out of reminders "). */
  said: string;
  terms: ReadonlySet<string>;
  /** What it gives: a time, a duration, a count... (a person is looked up when a question asks "who"). */
  kinds: ReadonlySet<AnswerKind>;
}

const termsOf = (text: string) => new Set([...words(text).flatMap(termsOfWord), ...valueWords(text)]);

const factOf = (text: string, kind: FactKind, order: number): Fact => ({
  text,
  kind,
  order,
  terms: termsOf(text),
  said: spaced(text),
  clauses: text
    .split(CLAUSE_BREAK)
    .map((clause) => ({
      text: clause,
      said: spaced(clause),
      terms: termsOf(clause),
      kinds: clauseKinds(clause),
    }))
    .filter((clause) => clause.terms.size > 0),
});

export interface Knowledge {
  language: Language;
  firstName: string;
  personality: string;
  facts: Fact[];
  idf: ReadonlyMap<string, number>;
  /** English words' meanings, to meet a question's words the texts do not use; none in Spanish. */
  lexicon: Lexicon;
  /** How a question's words meet the texts' words through the lexicon (looked up on first use). */
  links: WordLinks;
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

/**
 * Sentences that speak about the training exercise rather than the persona's world ("The
 * analyst's task is to elicit...", "It trains students to..."): the persona does not know them.
 */
const EXERCISE =
  /\b(the analyst|analyst's|the interviewer|this exercise|the exercise|the student's task|(trains|teaches) (students|players)|task is to)\b/i;
export const aboutTheExercise = (sentence: string) => EXERCISE.test(sentence);

/** A sentence of the LEIA's texts as written, and as the persona says it. */
export interface SpokenSentence {
  kind: FactKind;
  written: string;
  said: string;
}

/**
 * Every sentence of the persona's and problem's texts in the persona's voice, the personality
 * last; sentences about the exercise are left out. The solution guard is applied by the caller.
 */
export function spokenSentences(leia: ResolvedLeia): { language: Language; sentences: SpokenSentence[] } {
  const persona = (key: string) => specText(leia.persona.spec, key);
  const texts = SOURCES.map((source) => ({
    ...source,
    text: specText(leia[source.part].spec, source.field),
  }));
  const language = detectLanguage(texts.map((source) => source.text).join(' '));
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
  const spoken: SpokenSentence[] = [];
  if (fullName) spoken.push({ kind: 'name', written: fullName, said: PHRASES[language].myName(fullName) });
  for (const source of texts) {
    for (const sentence of sentences(source.text)) {
      if (aboutTheExercise(sentence)) continue;
      const sourceVoice = { ...voice, pronouns: source.pronouns, secondPerson: source.secondPerson };
      const said =
        (source.kind === 'persona' && selfIntroduction(sentence, sourceVoice)) ||
        toFirstPerson(sentence, sourceVoice);
      spoken.push({ kind: source.kind, written: sentence, said });
    }
  }
  // A personality is a list of traits ("practical, warm, blunt"): it is told in a sentence or three.
  const personality = persona('personality');
  const said = describePersonality(personality, { ...voice, pronouns: true, secondPerson: false });
  if (said) spoken.push({ kind: 'personality', written: personality, said });
  return { language, sentences: spoken };
}

export function buildKnowledge(leia: ResolvedLeia, guard: SolutionGuard): Knowledge {
  const { language, sentences: spoken } = spokenSentences(leia);
  const facts = spoken
    .filter(({ written, said }) => !guard.leaks(written) && !guard.leaks(said))
    .map(({ said, kind }, order) => factOf(said, kind, order));
  const persona = (key: string) => specText(leia.persona.spec, key);
  const lexicon = language === 'en' ? serverLexicon() : NO_LEXICON;
  return {
    language,
    firstName: persona('firstName') || (persona('fullName').split(/\s+/)[0] ?? ''),
    personality: persona('personality'),
    facts,
    idf: inverseDocumentFrequency(facts),
    lexicon,
    links: new WordLinks(
      facts.map((fact) => fact.text),
      facts.flatMap((fact) => [...fact.terms]),
      lexicon,
    ),
  };
}

function inverseDocumentFrequency(facts: readonly Fact[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const fact of facts) for (const term of fact.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return new Map([...counts].map(([term, count]) => [term, Math.log(1 + facts.length / count)]));
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
