import { type Lexicon, NO_LEXICON } from '../lexicon';
import { remembering } from '../remembering';
import type { ElementStatus } from '../schemas/evaluation';
import type { LeiaTurn } from './conversation';
import { quote } from './conversation';
import type { SolutionElement } from './elements';
import { fold, termSet, terms, words } from './normalise';
import { sentenceTerms, splitSentences } from './sentences';

/**
 * Offline reveal tracking: an element is revealed at the first LEIA reply that states at least
 * REVEAL_THRESHOLD of its key words (its distinct terms, see normalise.ts, each weighted by how
 * rare it is among the elements), and partly revealed at the first that states at least
 * PARTLY_THRESHOLD of them (at least one). What a reply states: its sentences that are not a
 * question back, a refusal or an offer of topics. One reply must state them: words scattered over
 * a long conversation reveal nothing. A reply that opens by agreeing ("Yes, ...", "Correct")
 * confirms the words of the question it answers; a reply that answers with words of its own
 * counts the question's words for half (the student's words alone never reveal anything).
 * Times, durations and numbers compare by value (values.ts), and, with a lexicon, a reply's word
 * meets an element's word it stands for: a synonym or another form ("cancellation" for "cancel").
 */
export const REVEAL_THRESHOLD = 0.6;
export const PARTLY_THRESHOLD = 0.34;
/** How much the question's words count when the reply answers it in words of its own. */
const CONTEXT_WEIGHT = 0.5;
/** How far below the threshold the plain share of words may be when the rare ones are there. */
const SHARE_MARGIN = 0.05;

const AGREEMENT =
  /^\s*(?:yes|yeah|yep|correct|exactly|right|that's right|that is right|indeed|of course|sometimes|we do|it does|they do|it is|si|claro|exacto|correcto|efectivamente|asi es|a veces)\b/;
/** Sentences that say nothing of the solution: refusals, deflections, offers of topics. */
const SAYS_NOTHING =
  /\b(?:not sure (?:i|we) can|(?:i'd|i would|i will|i'll|we'd|we would) have to check|(?:can't|cannot|won't|will not) (?:say|tell|give|read|answer)|rather not|no idea|(?:don't|do not) know|not something (?:i|we) deal with|ask me (?:about|how|something)|you could ask me|could you ask me|i can tell you about|for example about|let me think|good question|need to ask|(?:i'm|i am) afraid (?:i|we) can't|that's something for|keep to the game|for you to find out|not sure what you mean|no estoy seguro|tendria que comprobarlo|no es algo de lo que|pregunteme)\b/;

export interface ElementReveal {
  id: string;
  status: ElementStatus;
  turn: number | null;
  match?: number;
  evidence?: string;
}

/** A text's sentences with their terms, made once however many elements quote it. */
type Sentences = readonly { text: string; terms: readonly string[] }[];

/** The sentence of `text` with most of `wanted`, quoted. */
export function evidenceIn(text: string | Sentences, wanted: readonly string[]): string {
  const sentences = typeof text === 'string' ? sentenceTerms(text) : text;
  let best = sentences[0]?.text ?? (typeof text === 'string' ? text : '');
  let bestCount = -1;
  for (const sentence of sentences) {
    const hits = wanted.filter((term) => sentence.terms.includes(term)).length;
    if (hits > bestCount) {
      best = sentence.text;
      bestCount = hits;
    }
  }
  return quote(best);
}

/** The element's key words, once each; computed once per element. */
export const keyTerms = (element: SolutionElement): string[] => [...new Set(terms(element.text))];

/** A time, a duration or a number is what a rule is about ("at most three hours"): it weighs double. */
const VALUE_WEIGHT = 2;

/** Each key word's weight: rarer among the elements, more telling ("15 minutes" over "appointment"). */
export function weights(keys: readonly string[][]): Map<string, number> {
  const count = new Map<string, number>();
  for (const key of keys) for (const term of key) count.set(term, (count.get(term) ?? 0) + 1);
  return new Map(
    [...count].map(([term, n]) => [
      term,
      (1 + Math.log(keys.length / n)) * (/^(@|\d)/.test(term) ? VALUE_WEIGHT : 1),
    ]),
  );
}

/** What a reply states: its sentences but the questions back, the refusals and the offers of topics. */
export function statedPart(reply: string | Sentences): string {
  return (typeof reply === 'string' ? splitSentences(reply) : reply.map((sentence) => sentence.text))
    .filter((sentence) => !/\?\s*$/.test(sentence) && !SAYS_NOTHING.test(fold(sentence).replace(/’/g, "'")))
    .join(' ');
}

/** A text's terms and its own words, from one pass (the lexicon is asked about the words). */
export function readText(text: string, lexicon: Lexicon): Set<string> {
  const reach = termSet(text);
  if (lexicon === NO_LEXICON || reach.size === 0) return reach;
  return reachOf(text, lexicon, reach);
}

/**
 * The terms a text states, and those its words stand for in the lexicon in their first sense (their
 * synonyms and other forms). Broader words would say too much: a library is a room.
 */
function reachOf(text: string, lexicon: Lexicon, reach: Set<string>): Set<string> {
  for (const word of words(text)) for (const term of wordReach(word, lexicon)) reach.add(term);
  return reach;
}

/**
 * The terms one word stands for, remembered per lexicon (bounded): a hand-in or a conversation
 * says the same few hundred words again and again, and reading a word's synonyms back into terms
 * is most of the cost of matching with a lexicon.
 */
const MAX_REACHES = 20_000;
const reaches = new WeakMap<Lexicon, (word: string) => readonly string[]>();
function wordReach(word: string, lexicon: Lexicon): readonly string[] {
  let reach = reaches.get(lexicon);
  if (!reach) {
    reach = remembering((w) => readReach(w, lexicon), MAX_REACHES);
    reaches.set(lexicon, reach);
  }
  return reach(word);
}

function readReach(word: string, lexicon: Lexicon): readonly string[] {
  const found: string[] = [];
  if (termSet(word).size > 0) {
    for (const base of [word, ...lexicon.lemmas(word)]) {
      for (const other of lexicon.related(base, 1)) found.push(...terms(other));
    }
  }
  return found;
}

interface TurnReading {
  said: Set<string>;
  /** The question's terms, and how much they count: 1 when agreed to, CONTEXT_WEIGHT when answered, 0. */
  asked: Set<string>;
  askedWeight: number;
  /** The reply's sentences, which the evidence quotes too. */
  sentences: Sentences;
}

function readTurn(turn: LeiaTurn, lexicon: Lexicon): TurnReading {
  const reply = fold(turn.text).replace(/’/g, "'");
  const sentences = sentenceTerms(turn.text);
  const stated = statedPart(sentences);
  const agreed = AGREEMENT.test(reply);
  const said = readText(stated, lexicon);
  // "No, it stays requested until...": the question is denied, but what it was about is answered.
  const answered = !agreed && said.size > 0;
  return {
    said,
    asked: agreed || answered ? readText(turn.question, lexicon) : new Set(),
    askedWeight: agreed ? 1 : answered ? CONTEXT_WEIGHT : 0,
    sentences,
  };
}

/** How much of an element's key a text states (its weighted share), and from where. */
export interface KeyMatch {
  match: number;
  /** The weight of the key words stated, and of those only the question carried. */
  stated: number;
  fromQuestion: number;
}

const NO_TERMS: ReadonlySet<string> = new Set();

/**
 * The share of `key` that `said` states (with `asked`, the question's words, counting
 * `askedWeight`); undefined when it states none of it and the question does not count whole.
 */
export function keyMatch(
  key: readonly string[],
  weight: ReadonlyMap<string, number>,
  said: ReadonlySet<string>,
  asked: ReadonlySet<string> = NO_TERMS,
  askedWeight = 0,
): KeyMatch | undefined {
  // An answer in its own words must state some of it: the question's words alone reveal nothing.
  // (Checked first: most replies state nothing of most elements.)
  if (askedWeight < 1 && !key.some((term) => said.has(term))) return undefined;
  let total = 0;
  let stated = 0;
  let fromQuestion = 0;
  let found = 0;
  for (const term of key) {
    const w = weight.get(term) ?? 1;
    total += w;
    if (said.has(term)) {
      stated += w;
      found++;
    } else if (asked.has(term)) {
      fromQuestion += w * askedWeight;
      found += askedWeight;
    }
  }
  // Rare words count more, but every word counts: "email" alone is not Member.email.
  const match = Math.min((stated + fromQuestion) / total, found / key.length + SHARE_MARGIN);
  return { match, stated, fromQuestion };
}

/**
 * The elements' keys and their weights, made once per list of elements: a class report measures
 * every student's conversation against one solution's elements, read once (class-inputs.ts).
 */
const keyed = new WeakMap<readonly SolutionElement[], { keys: string[][]; weight: Map<string, number> }>();
function keysOf(elements: readonly SolutionElement[]) {
  let known = keyed.get(elements);
  if (!known) {
    const keys = elements.map(keyTerms);
    known = { keys, weight: weights(keys) };
    keyed.set(elements, known);
  }
  return known;
}

/**
 * The reveals after the turns seen so far. Each turn is judged on its own against what is still
 * open, so a conversation that grows is tracked on from here over its new turns alone.
 */
export interface RevealProgress {
  reveals: readonly ElementReveal[];
  /** Elements not yet revealed. */
  open: number;
}

export const noReveals = (elements: readonly SolutionElement[]): RevealProgress => ({
  reveals: elements.map((element) => ({ id: element.id, status: 'not', turn: null })),
  open: elements.length,
});

export const trackReveals = (
  elements: readonly SolutionElement[],
  turns: readonly LeiaTurn[],
  lexicon: Lexicon = NO_LEXICON,
): ElementReveal[] => [...revealsAfter(noReveals(elements), elements, turns, lexicon).reveals];

/** `progress` (left as it is) carried on over the `turns` that follow the ones it has seen. */
export function revealsAfter(
  progress: RevealProgress,
  elements: readonly SolutionElement[],
  turns: readonly LeiaTurn[],
  lexicon: Lexicon = NO_LEXICON,
): RevealProgress {
  const { keys, weight } = keysOf(elements);
  const reveals = [...progress.reveals];
  let open = progress.open;
  for (const turn of turns) {
    if (open === 0) break;
    const { said, asked, askedWeight, sentences: replied } = readTurn(turn, lexicon);
    let questioned: Sentences | undefined;
    for (const [index, reveal] of reveals.entries()) {
      if (reveal.status === 'revealed') continue;
      const key = keys[index]!;
      const scored = keyMatch(key, weight, said, asked, askedWeight);
      if (!scored) continue;
      const { match, stated, fromQuestion } = scored;
      if (match >= REVEAL_THRESHOLD) {
        open--;
      } else if (!(match >= PARTLY_THRESHOLD && reveal.status === 'not')) continue;
      // Quoted from the question when it carried most of the match.
      if (fromQuestion > stated) questioned ??= sentenceTerms(turn.question);
      const source = fromQuestion > stated ? questioned! : replied;
      reveals[index] = {
        id: reveal.id,
        status: match >= REVEAL_THRESHOLD ? 'revealed' : 'partly',
        turn: turn.turn,
        match: Math.round(Math.min(1, match) * 100) / 100,
        evidence: evidenceIn(source, key),
      };
    }
  }
  return { reveals, open };
}
