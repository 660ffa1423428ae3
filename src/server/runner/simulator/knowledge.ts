import { type Lexicon, NO_LEXICON } from '@shared/lexicon';
import { serverLexicon } from '../../lexicon';
import { type ResolvedLeia, specText } from '../provider';
import { PHRASES } from './phrases';
import { describePersonality, selfIntroduction } from './self';
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
  /** Its clauses' terms: a question is about one of them, and a long sentence is not long for it. */
  clauses: readonly ReadonlySet<string>[];
  /** It says when, how long or how many (a time, a day, a number): what "when" and "how many" ask. */
  measures: boolean;
  /** Position in the source texts, to say several facts in their natural order. */
  order: number;
  kind: FactKind;
}

/** Where a sentence divides into clauses that each say one thing. */
const CLAUSE_BREAK = /;\s*|:\s+|,\s+(?=(?:and|but|so|which|who|otherwise|while|or)\b)|\s+\((?=[^)]*\))/;
/** A time, a day, a duration or a count. */
const MEASURE =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|morning|evening|night|noon|midnight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekly|day|days|daily|hour|hours|minute|minutes|month|year|before|after|within|until|every)\b/i;

/** The terms a measuring clause carries: digits and the words of time. */
const MEASURE_TERMS = [
  ...'0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 20 30 40 50 60 90 100'.split(' '),
  ...terms(
    'morning evening night noon midnight monday tuesday wednesday thursday friday week day hour minute month year before after within until every',
  ),
];

const factOf = (text: string, kind: FactKind, order: number): Fact => ({
  text,
  kind,
  order,
  terms: new Set(terms(text)),
  clauses: text
    .split(CLAUSE_BREAK)
    .map((clause) => new Set(terms(clause)))
    .filter((clause) => clause.size > 0),
  measures: MEASURE.test(text),
});

export interface Knowledge {
  language: Language;
  firstName: string;
  personality: string;
  facts: Fact[];
  idf: ReadonlyMap<string, number>;
  /** A readable word for each stem, to name topics ("orders" for "order"). */
  surface: ReadonlyMap<string, string>;
  /** English words' meanings, to meet a question's words the texts do not use; none in Spanish. */
  lexicon: Lexicon;
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
  return {
    language,
    firstName: persona('firstName') || (persona('fullName').split(/\s+/)[0] ?? ''),
    personality: persona('personality'),
    facts,
    idf: inverseDocumentFrequency(facts),
    surface: surfaceWords(facts.map((fact) => fact.text)),
    lexicon: language === 'en' ? serverLexicon() : NO_LEXICON,
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
 * A fact that shares one word with the question must cover at least this share of what the
 * question asks (by idf): "What do the packers do in the morning?" is about the packers, so a
 * fact that only mentions the morning is no answer. Two shared words are enough on their own
 * ("¿Cómo piden cita los pacientes?": the verb differs, the question is still about them).
 */
const MIN_COVERAGE = 0.5;

/** A question's word counts less when it is met by another word the lexicon says it stands for. */
const RELATED_WEIGHT = 0.8;

/**
 * What each word of a question can be met by in the persona's texts: itself, else the words the
 * lexicon relates to it that the texts use ("sent" -> "go out" no, but "bills" -> "invoice",
 * "payments" -> "payment", "reserve" -> "book"). A word the texts never use and the lexicon cannot
 * relate to them stays unknown: the question is about something else.
 */
interface AskedWord {
  /** The terms that meet it, its own first. */
  terms: string[];
  weight: number;
  /**
   * Whether it names something ("weather", "Brexit"): an unknown thing makes the question one about
   * something else; an unknown verb or adjective ("sent", "big") only says how it is asked.
   */
  thing: boolean;
}

function askedTerms(knowledge: Knowledge, question: string): AskedWord[] {
  const { lexicon, idf } = knowledge;
  const asked: AskedWord[] = [];
  const seen = new Set<string>();
  for (const word of words(question)) {
    const folded = fold(word);
    const [term] = terms(word);
    if (!term || seen.has(term)) continue;
    seen.add(term);
    if (idf.has(term)) {
      asked.push({ terms: [term], weight: 1, thing: true });
      continue;
    }
    const bases = [folded, ...lexicon.lemmas(folded)];
    const candidates = new Set<string>();
    // Only a word's first sense, and no broader words: "second" is a second reminder, not a
    // minute, and the weather is not something one holds.
    for (const base of bases) {
      for (const other of [stem(base), ...lexicon.related(base, 1)]) {
        for (const candidate of terms(other)) if (idf.has(candidate)) candidates.add(candidate);
      }
    }
    const classes = lexicon.wordClasses(folded);
    asked.push(
      candidates.size > 0
        ? { terms: [...candidates], weight: RELATED_WEIGHT, thing: true }
        : { terms: [term], weight: 1, thing: classes.length === 0 || classes[0] === 'noun' },
    );
  }
  return asked;
}

/**
 * Facts that answer the question, best first. A shared term counts by its idf (rare words say
 * more than common ones); a term the persona has never used counts as the rarest of all, so a
 * question about something the persona does not know ("What's the weather like?") matches
 * nothing instead of whatever shares a common word with it. The sum is damped by the fact's
 * length so long sentences do not win by size alone; facts already said in the conversation
 * count half, so a follow-up question brings something new when there is something new to bring.
 */
export function rankFacts(
  knowledge: Knowledge,
  question: string,
  alreadySaid: ReadonlySet<string>,
): RankedFact[] {
  // "What is the deadline for ordering?" asks for a time about ordering: "deadline" names no topic.
  const asked = askedTerms(knowledge, question.replace(ASKS_MEASURE, ' '));
  // Rarer than any known term, even one said once: a question about it is about something else.
  const unknown = Math.log(1 + 2 * knowledge.facts.length);
  const idf = (term: string) => knowledge.idf.get(term) ?? unknown;
  let total = 0;
  for (const word of asked) if (word.thing) total += Math.max(...word.terms.map(idf)) * word.weight;
  const wantsMeasure = ASKS_MEASURE.test(question);
  const ranked: RankedFact[] = [];
  for (const fact of knowledge.facts) {
    let best = 0;
    for (const clause of fact.clauses) {
      let overlap = 0;
      let shared = 0;
      for (const word of asked) {
        const met = word.terms.filter((term) => clause.has(term));
        if (met.length === 0) continue;
        overlap += Math.max(...met.map((term) => knowledge.idf.get(term) ?? 0)) * word.weight;
        shared += 1;
      }
      if (shared === 0 || (shared === 1 && overlap < total * MIN_COVERAGE)) continue;
      // "When...?" is answered by a clause that says when.
      const answers = wantsMeasure && MEASURE_TERMS.some((term) => clause.has(term)) ? MEASURE_BONUS : 1;
      best = Math.max(best, (answers * overlap) / (1 + Math.log(1 + clause.size)));
    }
    if (best === 0) continue;
    const repeated = alreadySaid.has(fact.text) ? 0.5 : 1;
    ranked.push({ fact, score: repeated * best });
  }
  return ranked.sort((a, b) => b.score - a.score || a.fact.order - b.fact.order);
}

/** Questions answered by a time, a duration or a count. */
const ASKS_MEASURE =
  /^\W*(when|how (many|much|long|often|early|late|soon|quickly|fast|far)|what time|by when|until when)\b|\b(deadline|how far in advance|in advance|how long)\b/i;
const MEASURE_BONUS = 1.5;

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
