import { valueTerms } from '@shared/evaluation/values';
import { fold, terms } from './text';

/**
 * What kind of fact a question asks for, read from how it is asked ("When...?", "How long...?",
 * "How many...?", "Who...?", "What happens if...?"), and what kinds of fact a clause of the
 * persona's texts gives (a time, a duration, a count...). A question is answered best by a clause
 * that gives what it asks for: "How big is the clinic?" by "six doctors, four nurses", "What is the
 * deadline for ordering?" by "The cut-off is 2 pm". Whether a clause names a person needs the
 * lexicon and is left to the caller (word-links.ts).
 */

export type AnswerKind =
  | 'time'
  | 'duration'
  | 'count'
  | 'frequency'
  | 'limit'
  | 'person'
  | 'condition'
  | 'attribute'
  | 'place';

interface Cue {
  pattern: RegExp;
  kinds: readonly AnswerKind[];
  /** The cue's words only say how the question is asked: they name no topic ("deadline", "second"). */
  strip: boolean;
  /**
   * Words a text may answer the cue with, met as the question's own ("What is the deadline?" is
   * answered by "The cut-off is 2 pm"): stripped words that still name what the answer says.
   */
  means?: readonly string[];
}

/** Matched on the folded question (lower case, no accents). English first, then Spanish. */
const CUES: readonly Cue[] = [
  // "Can I ask you about...": asking about asking says nothing of the topic.
  {
    pattern:
      /\b((can|could|may|might) i|i('d| would) like to|i want(ed)? to|let me|i have to|i need to|to) ask( you)?( (something|a question|a few questions|some questions))?( about)?\b/g,
    kinds: [],
    strip: true,
  },
  {
    // "What's the latest time...": the time it names is the cue's too.
    pattern:
      /\b(deadline|cut-?off|latest|earliest|how late|how early|no later than|cuando como tarde|hora limite)( (time|hour|day|date))?\b/g,
    kinds: ['time', 'limit'],
    strip: true,
    means: ['deadline', 'cut-off', 'cutoff', 'latest'],
  },
  {
    pattern:
      /\b(how long|how much time|for how long|how far|how soon|how quickly|how fast|cuanto tiempo|con cuanta antelacion)\b/g,
    kinds: ['duration'],
    strip: true,
  },
  // "In advance" asks how long before, and is a phrase the texts may say in other words ("ahead").
  { pattern: /\b(in advance|ahead)\b/g, kinds: ['duration'], strip: false },
  {
    pattern:
      /^\W*(when|until when|by when|cuando|hasta cuando)\b|\b(at )?what (time|times|hours?|days?)\b|\b(are there )?times when\b|\ba que hora\b/g,
    kinds: ['time'],
    strip: true,
  },
  {
    pattern: /\bhow (many|much|big|large|small|wide|heavy|old)\b|\bwhat size\b|\bcuant[oa]s?\b/g,
    kinds: ['count'],
    strip: true,
  },
  // "What proportion of patients...", "What share of customers...": a count of a part ("85% of
  // patients", "about a third").
  {
    pattern:
      /\b(what|which) (proportion|share|percentage|fraction)( of)?\b|\bhow (big|large) a (share|proportion|part)\b/g,
    kinds: ['count'],
    strip: true,
  },
  // "How big is the hall?" and "What is its capacity?" are answered by a count ("seats 60").
  { pattern: /\b(capacity|size)\b/g, kinds: ['count'], strip: false },
  {
    pattern:
      /\bhow (often|frequently)\b|\b(second|third|again|another|twice|con que frecuencia)\b|\b(every|each) (day|week|morning|evening|month)\b/g,
    kinds: ['frequency', 'time'],
    strip: true,
  },
  {
    pattern: /\b(maximum|minimum|at most|at least|longest|the most|limit)\b/g,
    kinds: ['limit'],
    strip: true,
  },
  // "Are there any rules about patient records?": asks what may not be done with them.
  {
    pattern: /\b(rules?|restrictions?|constraints?|polic(y|ies)) (about|on|for|around|regarding)\b/g,
    kinds: ['limit'],
    strip: true,
  },
  { pattern: /^\W*(where|donde)\b|\bin (what|which) (place|system)\b/g, kinds: ['place'], strip: true },
  {
    pattern: /^\W*(who|whom|whose|quien|quienes)\b|\bwhich (customers|people|person|staff)\b/g,
    kinds: ['person'],
    strip: false,
  },
  // "What details do you keep about members?", "What does a booking record?": what it has. The
  // verbs of keeping only say how it is asked; the thing asked about stays.
  { pattern: /\b(?<=what )(details|data|fields)\b/g, kinds: ['attribute'], strip: true },
  { pattern: /\b(?<=what )information\b/g, kinds: ['attribute'], strip: false },
  {
    pattern:
      /(?<=\bwhat does (a|an|the|each|every) \w+ )(record|hold|store|contain|include)\b|\b(keep|hold|store|record|need|have)(?= about\b)|\b(need|want|have) to know\b/g,
    kinds: ['attribute'],
    strip: true,
  },
  {
    pattern:
      /\b(what happens(?! to\b)|what if|what do you do (when|if|with|about)|how do you (handle|deal|cope)|que pasa (si|cuando))\b/g,
    kinds: ['condition'],
    strip: true,
  },
];

export interface AskedFor {
  kinds: ReadonlySet<AnswerKind>;
  /** The question without the words of its cues, to read its topic from. */
  rest: string;
  /**
   * Words of its cues that stay in `rest` since the texts may use them ("capacity", "in advance"),
   * but name no topic: met, they count; unmet, the question is not about something else.
   */
  framing: ReadonlySet<string>;
  /** Words its stripped cues stand for, which a text may say (the cues' `means`). */
  means: readonly string[];
}

/** "When does packing begin?": asked when, the verb of starting or ending only says which time. */
const TIME_FRAMING = /\b(begins?|began|start(s|ed)?|ends?|ended|finish(es|ed)?)\b/g;

export function askedFor(question: string): AskedFor {
  let rest = fold(question.replace(/[’]/g, "'"));
  const kinds = new Set<AnswerKind>();
  const framing = new Set<string>();
  const means: string[] = [];
  for (const cue of CUES) {
    const found = [...rest.matchAll(cue.pattern)].map((match) => match[0]);
    if (found.length === 0) continue;
    for (const kind of cue.kinds) kinds.add(kind);
    means.push(...(cue.means ?? []));
    if (cue.strip) rest = rest.replace(cue.pattern, ' ');
    else for (const text of found) framing.add(text.trim());
  }
  if (kinds.has('time')) for (const [verb] of rest.matchAll(TIME_FRAMING)) framing.add(verb);
  return { kinds, rest, framing, means };
}

const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|hundred|thousand|dozen|half|third|quarter|several|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|veinte|cien|mil';

const CLAUSE_KINDS: readonly [AnswerKind, RegExp][] = [
  [
    'time',
    /\b(opening hours|opening times|closing time|business hours|office hours|morning|afternoon|evening|night|noon|midnight|today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|season|before|after|ahead|manana|tarde|noche|lunes|martes|miercoles|jueves|viernes|sabado|domingo|antes|despues)\b/,
  ],
  // A count of things ("six doctors", "85% of patients"), not an age or a time ("I'm 41", "at 3 pm").
  [
    'count',
    new RegExp(
      `(\\d[\\d,.]*%?|\\b(${NUMBER_WORDS}))\\s+(?!(am|pm|a\\.m|p\\.m|o'clock|minutes?|hours?|days?|weeks?|months?|years?|and|or)\\b)\\p{L}`,
      'u',
    ),
  ],
  [
    'frequency',
    /\b(every|each|daily|weekly|monthly|always|usually|rarely|once|twice|again|cada|todos los|siempre)\b/,
  ],
  [
    'limit',
    /\b(cut-off|cutoff|deadline|at most|at least|up to|no later than|no more than|within|until|only|never|must not|may not|will not|cannot|not allowed|maximum|minimum|limit|como maximo|hasta|solo|nunca)\b/,
  ],
  ['condition', /\b(when|if|unless|otherwise|after that|in that case|whenever|cuando|si|salvo|si no)\b/],
  // "into a shared spreadsheet", "in the practice management system", "at the front desk".
  [
    'place',
    /\b(in|into|inside|outside|at|on|en) (the|a|an|its|their|our|my|his|her|el|la|los|las|un|una)\s+(?!(morning|afternoon|evening|night|day|week|month|year|moment|time|same)\b)/,
  ],
  // "a member has a name, an email address...", "a booking is for one room, with a start time".
  ['attribute', /\b(has|have|with|tiene|con) (a|an|its|their|su|un|una)\b/],
];

/**
 * Words for a day or a time seen from now, and the phrases a text says them with: "for tomorrow"
 * is "for the next morning", "currently" is "today" ("Today the receptionists phone...").
 */
const NOW: readonly string[] = ['today', 'currently', 'nowadays', 'now', 'at the moment', 'at present'];
export const RELATIVE_TIMES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['tomorrow', ['tomorrow', 'next morning', 'next day', 'following day', 'day after']],
  ['tonight', ['tonight', 'this evening', 'at night']],
  // "now" meets "today" through the lexicon already.
  ...['currently', 'nowadays', 'presently'].map((word): [string, readonly string[]] => [word, NOW]),
]);

/** Phrases for the day of something the question already names: "on the day itself" is "the morning of" it. */
export const SAME_DAY = {
  asks: /\bon the (?:same )?day(?: itself)?\b|\bthat (?:same )?day\b/,
  forms: ['morning of the', 'day of the', 'on the day', 'same day', 'that morning', 'that day'],
} as const;

/** The parts of the day a time of day falls in, as words a question may use ("late at night"). */
function partsOfDay(hour: number): string[] {
  if (hour >= 21 || hour < 5) return ['night', 'evening'];
  if (hour >= 18) return ['evening'];
  if (hour >= 12) return ['afternoon'];
  return ['morning'];
}

/**
 * The times and durations a text says, as value terms ("@t21:00", "@d2880") and as the parts of
 * the day its times fall in: "9 pm" is met by "at night", "2 pm" by "in the afternoon".
 */
export function valueWords(text: string): string[] {
  const { values } = valueTerms(text);
  const found = [...values];
  for (const value of values) {
    const hour = /^@t(\d\d):/.exec(value)?.[1];
    if (hour !== undefined) found.push(...terms(partsOfDay(Number(hour)).join(' ')));
  }
  return found;
}

/** What a clause gives, read from its words and values (a person is found with the lexicon). */
export function clauseKinds(clause: string): Set<AnswerKind> {
  const folded = fold(clause);
  const kinds = new Set<AnswerKind>();
  for (const [kind, pattern] of CLAUSE_KINDS) if (pattern.test(folded)) kinds.add(kind);
  for (const value of valueTerms(clause).values) kinds.add(value.startsWith('@t') ? 'time' : 'duration');
  // "two days before the appointment" says when as well as how long.
  if (kinds.has('duration') && /\b(before|after|ahead|ago|antes|despues)\b/.test(folded)) kinds.add('time');
  return kinds;
}
