import {
  ADVERBS,
  agreeCoordinatedVerb,
  agreeVerb,
  nextWordAfter,
  SUBJECT_FORMS,
  thirdPersonVerb,
} from './agreement';
import { fold, isStopWord, type Language } from './text';

/**
 * Rewrites a sentence written about the persona ("Ana runs a bakery. Her customers order by
 * phone.") in the persona's own voice ("I run a bakery. My customers order by phone."), using the
 * pronouns the persona declares (subjectPronoum, objectPronoum, possesiveAdjective,
 * possesivePronoum). English gets pronouns and verb agreement; Spanish drops the subject and
 * conjugates the verb after it. It is a heuristic: a sentence it cannot read stays as written.
 */

export interface Voice {
  language: Language;
  firstName: string;
  fullName: string;
  subject: string;
  object: string;
  possessiveAdjective: string;
  possessivePronoun: string;
  /** Read the persona's pronouns as the persona (false: only its names are). */
  pronouns: boolean;
  /** Also read "you/your" as the persona (texts written as instructions: "You are the owner..."). */
  secondPerson: boolean;
}

type Role = 'subject' | 'object' | 'possessive' | 'ownership' | 'reflexive';

const CONTRACTIONS: Record<string, string> = {
  "'s": "I'm",
  "'re": "I'm",
  "'ve": "I've",
  "'d": "I'd",
  "'ll": "I'll",
};
/** Spanish third-person verbs and their first-person forms, where the regular rule fails. */
export const SPANISH_FIRST_PERSON: Record<string, string> = {
  es: 'soy',
  esta: 'estoy',
  tiene: 'tengo',
  va: 'voy',
  hace: 'hago',
  sabe: 'sé',
  conoce: 'conozco',
  dirige: 'dirijo',
  ha: 'he',
  fue: 'fui',
  era: 'era',
  estaba: 'estaba',
};

/** A word, with its inner hyphens and apostrophes: co-owns, she's, Ana's. */
const TOKEN = /([\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*)/u;

export function toFirstPerson(sentence: string, voice: Voice): string {
  const named =
    voice.fullName && voice.firstName ? replaceAll(sentence, voice.fullName, voice.firstName) : sentence;
  // Odd indexes are words, even ones the text between them.
  const tokens = named.split(TOKEN);
  const rewrite = voice.language === 'es' ? rewriteSpanish : rewriteEnglish;
  rewrite(tokens, voice);
  return tokens
    .join('')
    .replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

function rewriteEnglish(tokens: string[], voice: Voice): void {
  const name = fold(voice.firstName);
  for (let i = 1; i < tokens.length; i += 2) {
    // Not fold(): it drops the 's that tells "she's" and "Ana's" apart from "she" and "Ana".
    const [lower, contraction] = splitContraction(tokens[i]!.replace('’', "'").toLowerCase());
    const base = fold(lower);
    if (contraction === "'s" && base === name) {
      tokens[i] = 'my'; // "Ana's shop"
      continue;
    }
    const role = roleOf(base, tokens, i, voice);
    if (!role) continue;
    if (role === 'subject') {
      if (contraction) {
        tokens[i] =
          tokens[i + 2] && /^(been|got)$/i.test(tokens[i + 2]!) ? "I've" : (CONTRACTIONS[contraction] ?? 'I');
        continue;
      }
      tokens[i] = 'I';
      agreeVerb(tokens, i, base === 'they' || base === 'you');
      agreeCoordinatedVerb(tokens, i);
    } else {
      tokens[i] = { object: 'me', possessive: 'my', ownership: 'mine', reflexive: 'myself' }[role];
      if (role === 'object') continueAsSubject(tokens, i);
    }
  }
}

/** "they call me, who decides" -> "they call me, and I decide": the relative clause gets its own I. */
function continueAsSubject(tokens: string[], objectIndex: number): void {
  const who = objectIndex + 2;
  if (!/^,\s+$/.test(tokens[objectIndex + 1] ?? '') || fold(tokens[who] ?? '') !== 'who') return;
  tokens[who] = 'and I';
  agreeVerb(tokens, who, false);
  agreeCoordinatedVerb(tokens, who);
}

/** What the word at index i says about the persona, if it refers to the persona at all. */
function roleOf(base: string, tokens: string[], i: number, voice: Voice): Role | undefined {
  const name = fold(voice.firstName);
  const is = (pronoun: string) => pronoun !== '' && base === fold(pronoun);
  const nextWord = nextWordAfter(tokens, i);
  const beforeNoun = nextWord !== undefined && !isStopWord(fold(nextWord));
  if (base === name && !name.includes(' ')) {
    return i === 1 || looksLikeVerb(tokens, i) ? 'subject' : 'object';
  }
  if (voice.secondPerson) {
    if (base === 'you') return i === 1 || looksLikeVerb(tokens, i) ? 'subject' : 'object';
    if (base === 'your') return 'possessive';
    if (base === 'yours') return 'ownership';
    if (base === 'yourself') return 'reflexive';
  }
  if (!voice.pronouns) return undefined;
  if (is(voice.subject)) return 'subject';
  if (is(voice.object) && is(voice.possessiveAdjective)) return beforeNoun ? 'possessive' : 'object';
  if (is(voice.possessiveAdjective) && is(voice.possessivePronoun))
    return beforeNoun ? 'possessive' : 'ownership';
  if (is(voice.possessiveAdjective)) return 'possessive';
  if (is(voice.object)) return 'object';
  if (is(voice.possessivePronoun)) return 'ownership';
  if (voice.object && base === `${fold(voice.object)}self`) return 'reflexive';
  if (base === 'themselves' && fold(voice.object) === 'them') return 'reflexive';
  return undefined;
}

function looksLikeVerb(tokens: string[], i: number): boolean {
  const next = nextWordAfter(tokens, i);
  if (!next) return false;
  const word = fold(next);
  return (
    word in SUBJECT_FORMS ||
    /^(was|wasn't|can|can't|will|won't|would|could|should|must|may|might|had|did|didn't)$/.test(word) ||
    ADVERBS.has(word) ||
    thirdPersonVerb(word)
  );
}

function splitContraction(word: string): [string, string | undefined] {
  const match = /^(.+?)('s|'re|'ve|'d|'ll)$/.exec(word);
  return match ? [match[1]!, match[2]] : [word, undefined];
}

const SPANISH_ADVERBS = new Set(['siempre', 'nunca', 'tambien', 'todavia', 'ya', 'solo', 'ahora', 'casi']);

/** Spanish drops the subject: "Ana es la dueña" -> "Soy la dueña", "Ella gestiona" -> "Gestiono". */
function rewriteSpanish(tokens: string[], voice: Voice): void {
  // Lower case, not folded: the article "el" must not pass for the pronoun "él".
  const subject = tokens[1]?.toLowerCase();
  const persona = [voice.firstName, ...(voice.pronouns ? [voice.subject, 'ella', 'él'] : [])].map((word) =>
    word.toLowerCase(),
  );
  if (!subject || !persona.includes(subject) || !/^\s+$/.test(tokens[2] ?? '')) return;
  let verbAt = 3;
  if (tokens[verbAt] && SPANISH_ADVERBS.has(fold(tokens[verbAt]!)) && /^\s+$/.test(tokens[verbAt + 1] ?? ''))
    verbAt += 2;
  const verb = tokens[verbAt];
  if (!verb) return;
  const folded = fold(verb);
  const regular = /^\p{L}{4,}[ae]$/u.test(folded) && !isStopWord(folded) && !folded.endsWith('mente');
  const conjugated = SPANISH_FIRST_PERSON[folded] ?? (regular ? `${verb.slice(0, -1)}o` : undefined);
  if (!conjugated) return;
  tokens[verbAt] = conjugated;
  tokens.splice(1, 2); // the subject and the space after it; words stay at odd indexes
}

function replaceAll(text: string, search: string, replacement: string): string {
  return text.replace(new RegExp(search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), replacement);
}
