import { type AnswerKind, askedFor, RELATIVE_TIMES, SAME_DAY, valueWords } from './answer-kinds';
import type { Clause, Fact, Knowledge } from './knowledge';
import { fold, isStopWord, words } from './text';
import { LINK, termsOfWord } from './word-links';

/**
 * Which facts answer a question, found as a retrieval problem over the clauses of the persona's
 * texts: each word of the question meets a clause's words as itself, another form, a synonym or a
 * word one kind up or down (word-links.ts), weighted by how rare the word it meets is (a rare word
 * says more than a common one); the rest of the clause's sentence counts for half; a clause that
 * gives what the question asks for (a time for "when", a count for "how many", a person for
 * "who": answer-kinds.ts) counts more. A question answered by nothing the persona knows
 * ("What's the weather like?") matches nothing, so the persona deflects it.
 */

export interface RankedFact {
  fact: Fact;
  score: number;
}

/**
 * A clause that meets one word of the question must cover at least this share of what the
 * question asks (by rarity): "What do the packers do in the morning?" is about the packers, so a
 * clause that only mentions the morning is no answer. Two words met closely (SURE_LINK) are
 * enough on their own ("¿Cómo piden cita los pacientes?": the verb differs, the question is still
 * about them).
 */
const MIN_COVERAGE = 0.5;
/** Two words met at least this closely (of the most each can weigh) need no coverage. */
const SURE_LINK = 0.8;
/** The other clauses of a clause's sentence count for this much of what they meet. */
const CONTEXT_WEIGHT = 0.5;
/** What a question asks for (a time, a count...) weighs this share of its rarest word. */
const CUE_SHARE = 0.5;
/** A clause that gives all a question asks for counts this much more. */
const KIND_BONUS = 0.5;

/** Nouns that stand for anyone or anything: they name no topic ("Can someone...?"). */
const GENERIC = new Set([
  'someone',
  'somebody',
  'anyone',
  'anybody',
  'everyone',
  'everybody',
  'people',
  'thing',
  'way',
  // Function words the stop list lacks.
  'without',
  'itself',
]);

interface AskedWord {
  /** The texts' terms it meets, with what meeting each is worth (worth() below). */
  links: ReadonlyMap<string, number>;
  /** The most it can weigh in a clause: its best link times the rarity of the term it meets. */
  weight: number;
  /**
   * Whether it names something ("weather", "Brexit"): an unknown thing makes the question one about
   * something else; an unknown verb or adjective ("sent", "big") only says how it is asked.
   */
  thing: boolean;
  /** A word of how the question is asked ("capacity", "in advance"): counts when met, is not missed when not. */
  framing: boolean;
  /** A phrase ("go out", "opt out") met where a sentence says it, worth its rarity there. */
  phrase?: { forms: readonly string[]; worth: number };
}

/** How much of the question's word a clause or a sentence (its terms, its folded text) meets. */
function meet(word: AskedWord, terms: ReadonlySet<string>, text: string): number {
  let best = 0;
  for (const [term, worth] of word.links) if (terms.has(term)) best = Math.max(best, worth);
  if (word.phrase?.forms.some((form) => text.includes(` ${form} `))) best = Math.max(best, word.phrase.worth);
  return best;
}

/**
 * What meeting each term is worth: how closely the word meets it, times how rare the word is. A
 * word the texts use is as rare as it is there, whatever else it meets ("room" meeting "seats" is
 * no rarer than "room"); a word they do not use is as rare as the term it meets.
 */
function worth(met: ReadonlyMap<string, number>, idf: ReadonlyMap<string, number>): Map<string, number> {
  const own = [...met].filter(([, link]) => link === LINK.same).map(([term]) => idf.get(term) ?? 0);
  const rarity = own.length > 0 ? Math.max(...own) : undefined;
  return new Map([...met].map(([term, link]) => [term, link * (rarity ?? idf.get(term) ?? 0)]));
}

/** A phrase's forms, with its rarity among the facts that say one of them (0 when none does). */
function phraseOf(knowledge: Knowledge, forms: readonly string[]) {
  const said = knowledge.facts.filter((fact) => forms.some((form) => fact.said.includes(` ${form} `)));
  return { forms, worth: said.length > 0 ? Math.log(1 + knowledge.facts.length / said.length) : 0 };
}

/**
 * What the question's cues stand for ("deadline": a cut-off), met as a word of how it is asked,
 * and its words for a day seen from now ("tomorrow": the next morning), met in the texts' phrases.
 */
function meantWords(knowledge: Knowledge, text: string, means: readonly string[]): AskedWord[] {
  const { links, idf } = knowledge;
  const meant: AskedWord[] = [];
  if (means.length > 0) {
    // Only as the texts say them: "latest" widened would meet "new".
    const met = new Map<string, number>();
    for (const [term, link] of means.flatMap((word) => [...links.of(word)]))
      if (link === LINK.same) met.set(term, LINK.related);
    const worths = worth(met, idf);
    meant.push({ links: worths, weight: Math.max(0, ...worths.values()), thing: false, framing: true });
  }
  const sameDay = SAME_DAY.asks.test(text) ? [SAME_DAY.forms] : [];
  for (const forms of [...words(text).map((word) => RELATIVE_TIMES.get(fold(word))), ...sameDay]) {
    if (!forms) continue;
    const phrase = phraseOf(knowledge, forms);
    meant.push({ links: new Map(), weight: phrase.worth, thing: false, framing: false, phrase });
  }
  return meant;
}

/** The words of a question (its cues' words taken out) with what each meets in the texts. */
function askedWords(knowledge: Knowledge, text: string, framing: ReadonlySet<string>): AskedWord[] {
  const { links, lexicon, idf } = knowledge;
  const list = words(text);
  const asked: AskedWord[] = [];
  const seen = new Set<string>(RELATIVE_TIMES.keys());
  const weigh = (met: ReadonlyMap<string, number>) => {
    const worths = worth(met, idf);
    return { links: worths, weight: Math.max(0, ...worths.values()) };
  };
  for (let at = 0; at < list.length; at++) {
    const word = list[at] ?? '';
    // "turn up" is looked up whole, and stands for its words; "mobile phone" comes with them.
    const found = links.phrase(word, list[at + 1] ?? '');
    const [written = ''] = found?.forms ?? [];
    const phrase = found && phraseOf(knowledge, found.forms);
    if (found && !found.phrasal && !seen.has(written)) {
      seen.add(written);
      // Its words are asked on their own: "look at" meeting "look" would count "look" twice.
      const own = new Set([...termsOfWord(word), ...termsOfWord(list[at + 1] ?? '')]);
      const more = new Map([...links.of(written)].filter(([term]) => !own.has(term)));
      if (more.size > 0 || (phrase?.worth ?? 0) > 0)
        asked.push({ ...weigh(more), thing: false, framing: framing.has(written), phrase });
    }
    if (found?.phrasal) at++;
    const unit = found?.phrasal ? written : word;
    const folded = fold(unit);
    // "wants", "asked": a stop word's other forms say no more than it does.
    const stop =
      !found?.phrasal && (termsOfWord(word).length === 0 || lexicon.lemmas(folded).some(isStopWord));
    if (stop || GENERIC.has(folded) || seen.has(folded)) continue;
    seen.add(folded);
    const classes = lexicon.wordClasses(folded);
    // "to text someone": after "to", a word that can be a verb is one.
    const verb = list[at - 1]?.toLowerCase() === 'to' && classes.includes('verb');
    const thing = !verb && !/\d/.test(unit) && (classes.length === 0 || classes[0] === 'noun');
    asked.push({
      ...weigh(links.of(unit)),
      thing: thing && !framing.has(folded),
      framing: framing.has(folded),
      phrase: found?.phrasal ? phrase : undefined,
    });
  }
  // Its times and durations meet the texts' by value ("at 10 at night" meets "9 pm").
  for (const value of valueWords(text)) {
    if (asked.some((word) => word.links.has(value))) continue;
    asked.push({ ...weigh(new Map([[value, LINK.same]])), thing: false, framing: false });
  }
  return asked;
}

const FIRST_PERSON = /\b(I|me|my)\b/;

function gives(knowledge: Knowledge, clause: Clause, kind: AnswerKind): boolean {
  if (kind !== 'person') return clause.kinds.has(kind);
  return FIRST_PERSON.test(clause.text) || [...clause.terms].some((term) => knowledge.links.isPerson(term));
}

/**
 * Facts that answer the question, best first, scored by their best clause. A term the persona
 * has never used counts as the rarest of all, so a question about something the persona does not
 * know matches nothing instead of whatever shares a common word with it. The sum is damped by the
 * clause's length so long ones do not win by size alone; facts already said in the conversation
 * count half, so a follow-up question brings something new when there is something new to bring.
 */
export function rankFacts(
  knowledge: Knowledge,
  question: string,
  alreadySaid: ReadonlySet<string>,
): RankedFact[] {
  const { kinds, rest, framing, means } = askedFor(question);
  // "On the day itself" is met as a phrase for the day (meantWords), not as "day" and "itself".
  const own = rest.replace(SAME_DAY.asks, ' ');
  const asked = [...askedWords(knowledge, own, framing), ...meantWords(knowledge, rest, means)];
  const { idf } = knowledge;
  // Rarer than any known term, even one said once: a question about it is about something else.
  const unknown = Math.log(1 + 2 * knowledge.facts.length);
  const cue = kinds.size > 0 ? CUE_SHARE * Math.max(1, ...idf.values()) : 0;
  let total = 0;
  for (const word of asked)
    if (!word.framing) total += word.weight > 0 ? word.weight : word.thing ? unknown : 0;
  const ranked: RankedFact[] = [];
  for (const fact of knowledge.facts) {
    let best = 0;
    for (const clause of fact.clauses) {
      let overlap = 0;
      let met = 0;
      let sure = 0;
      for (const word of asked) {
        const here = meet(word, clause.terms, clause.said);
        if (here > 0) met++;
        if (here > 0 && here >= SURE_LINK * word.weight) sure++;
        overlap += Math.max(here, CONTEXT_WEIGHT * meet(word, fact.terms, fact.said));
      }
      const fit =
        kinds.size === 0
          ? 0
          : [...kinds].filter((kind) => gives(knowledge, clause, kind)).length / kinds.size;
      // What is asked for with nothing of what it is asked about is no answer, unless the sentence is about it.
      if (met === 0 && !(fit === 1 && overlap > 0)) continue;
      if (overlap === 0 || (sure < 2 && overlap < total * MIN_COVERAGE)) continue;
      const score = overlap + cue * fit;
      best = Math.max(best, (score * (1 + KIND_BONUS * fit)) / (1 + Math.log(1 + clause.terms.size)));
    }
    if (best === 0) continue;
    const repeated = alreadySaid.has(fact.text) ? 0.5 : 1;
    ranked.push({ fact, score: repeated * best });
  }
  return ranked.sort((a, b) => b.score - a.score || a.fact.order - b.fact.order);
}
