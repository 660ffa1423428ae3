import { type Lexicon, NO_LEXICON } from '../lexicon';
import { GRADING_TEXTS, type GradeStatus } from '../schemas/grading';
import { quote } from './conversation';
import type { ElementKind, SolutionElement } from './elements';
import type { RelationshipShape } from './elements/types';
import { termSet } from './normalise';
import { keyMatch, keyTerms, PARTLY_THRESHOLD, REVEAL_THRESHOLD, readText, weights } from './reveal';

/**
 * Which solution elements a hand-in holds, offline. Each solution element is compared with the
 * hand-in's elements by the reveal matcher's rule (reveal.ts: at least REVEAL_THRESHOLD of its key
 * words, rarer words weighing more, values and synonyms folded): present from there, partly from
 * PARTLY_THRESHOLD. Matching a hand-in differs from matching a chat reply because a hand-in states
 * its elements directly, one by one, in the solution's own format:
 * - an element is compared only with hand-in elements of its kind (a class with classes, an
 *   attribute with attributes; prose, list items and YAML or JSON entries with one another);
 * - a diagram's element is matched one to one, best pairs first: one hand-in class is evidence of
 *   one solution class, so "StudyRoom" does not also stand for "Room" (a reply may reveal many
 *   elements at once, a hand-in's line states one); prose and entries may state several;
 * - an element's own words must be there, not only its parent's: "Member.nickname" is not
 *   "Member.email". Partly present, with a note saying why: an attribute under another class, a
 *   relationship of another kind, direction or multiplicity or with another class at one end,
 *   another time, duration or number than the solution's (a reply may name other times in
 *   passing, a hand-in that gives another value says something wrong), or a name (an actor, a
 *   class) only mentioned in a longer statement;
 * - a YAML or JSON entry is read with its path (`reminders.first: 48 hours before`): the student
 *   wrote those keys, whereas a solution's ids and paths are never said in an interview;
 * - there is no question to agree to and nothing is a refusal: every element counts as written.
 * The hand-in's extra elements are a diagram's elements the matching left unused, and prose that
 * states nothing of the solution.
 */

export interface ElementMatch {
  status: GradeStatus;
  match?: number;
  /** The hand-in element it was found in, quoted. */
  evidence?: string;
  note?: string;
}

export interface HandInMatching {
  /** One per solution element, in its order. */
  matches: ElementMatch[];
  /** Hand-in elements no solution element was found in. */
  extra: SolutionElement[];
}

/** Kinds a diagram states one at a time: one hand-in element stands for one solution element. */
const ONE_TO_ONE = new Set<ElementKind>([
  'class',
  'attribute',
  'relationship',
  'node',
  'edge',
  'participant',
  'message',
]);

/** Whether a hand-in element of kind `theirs` may state a solution element of kind `ours`. */
const comparable = (ours: ElementKind, theirs: ElementKind, loose: boolean) =>
  loose || ours === theirs || (!ONE_TO_ONE.has(ours) && !ONE_TO_ONE.has(theirs));

/** A hand-in entry's words include its keys (`["max hours"]` too); its list positions and ids say nothing. */
const writtenText = (element: SolutionElement) =>
  element.kind === 'entry'
    ? element.label.replace(/\[("?)([^\]]*)\1\]/g, (_, quoted: string, key: string) =>
        quoted ? ` ${key} ` : ' ',
      )
    : element.text;

interface Reading {
  element: SolutionElement;
  /** Its terms and those its words stand for in the lexicon. */
  said: ReadonlySet<string>;
  /** The terms of what it states (an entry's value, without its path): how much it says. */
  own: ReadonlySet<string>;
}

interface Candidate {
  solution: number;
  handIn: number;
  status: 'present' | 'partly';
  match: number;
  /** How much of what the hand-in element says is the solution element: closer first. */
  closeness: number;
  note?: string;
}

export function matchHandIn(
  solution: readonly SolutionElement[],
  handIn: readonly SolutionElement[],
  options: { lexicon?: Lexicon; loose?: boolean } = {},
): HandInMatching {
  const { lexicon = NO_LEXICON, loose = false } = options;
  const keys = solution.map(keyTerms);
  const weight = weights(keys);
  const readings: Reading[] = handIn.map((element) => ({
    element,
    said: readText(writtenText(element), lexicon),
    own: termSet(element.text),
  }));
  const candidates: Candidate[] = [];
  solution.forEach((element, index) => {
    const key = keys[index]!;
    const context = contextTerms(element, key);
    readings.forEach((reading, at) => {
      if (!comparable(element.kind, reading.element.kind, loose)) return;
      const found = score(element, key, context, weight, reading);
      if (found) candidates.push({ solution: index, handIn: at, ...found });
    });
  });
  candidates.sort(byBest(readings));
  const stating = new Set(candidates.map((candidate) => candidate.handIn));
  const best = new Map<number, Candidate>();
  const used = new Set<number>();
  for (const candidate of candidates) {
    if (best.has(candidate.solution)) continue;
    const oneToOne = !loose && ONE_TO_ONE.has(solution[candidate.solution]!.kind);
    if (oneToOne && used.has(candidate.handIn)) continue;
    best.set(candidate.solution, candidate);
    used.add(candidate.handIn);
  }
  return {
    matches: solution.map((_, index) => {
      const found = best.get(index);
      if (!found) return { status: 'missing' };
      return {
        status: found.status,
        match: Math.round(Math.min(1, found.match) * 100) / 100,
        evidence: quote(readings[found.handIn]!.element.label),
        ...(found.note && { note: found.note }),
      };
    }),
    // A diagram's element left over is extra (a second "Member", or one the solution lacks); prose
    // is extra only when it states nothing of the solution, whichever element took which sentence.
    extra: handIn.filter((element, at) =>
      !loose && ONE_TO_ONE.has(element.kind) ? !used.has(at) : !stating.has(at),
    ),
  };
}

/** Best first: present before partly, then the higher match, then the closer; ties by content, never by position. */
const byBest = (readings: readonly Reading[]) => (a: Candidate, b: Candidate) =>
  (a.status === b.status ? 0 : a.status === 'present' ? -1 : 1) ||
  b.match - a.match ||
  b.closeness - a.closeness ||
  a.solution - b.solution ||
  compareText(readings[a.handIn]!.element, readings[b.handIn]!.element);

const compareText = (a: SolutionElement, b: SolutionElement) => {
  const left = `${writtenText(a)}\n${a.label}\n${a.parent ?? ''}`;
  const right = `${writtenText(b)}\n${b.label}\n${b.parent ?? ''}`;
  return left < right ? -1 : left > right ? 1 : 0;
};

/** Kinds whose words name their parent too: an attribute its class, a relationship or a message where it starts. */
const NAMES_PARENT = new Set<ElementKind>(['attribute', 'relationship', 'edge', 'message']);

/** The key words an element has from its parent (an attribute's class), which alone state nothing. */
function contextTerms(element: SolutionElement, key: readonly string[]): ReadonlySet<string> {
  if (element.parent === undefined || !NAMES_PARENT.has(element.kind)) return new Set();
  const parent = termSet(element.parent);
  return new Set(key.filter((term) => parent.has(term)));
}

function score(
  element: SolutionElement,
  key: readonly string[],
  context: ReadonlySet<string>,
  weight: ReadonlyMap<string, number>,
  reading: Reading,
): Omit<Candidate, 'solution' | 'handIn'> | undefined {
  const found = keyMatch(key, weight, reading.said);
  if (!found || found.match < PARTLY_THRESHOLD) return undefined;
  const own = key.filter((term) => !context.has(term));
  if (own.length > 0 && !own.some((term) => reading.said.has(term))) return undefined;
  const differs = shapeDifference(element.shape, reading.element.shape);
  if (differs === 'unrelated' || (differs?.oneEnd && !statesLabel(element, key, reading))) return undefined;
  // How much of what the hand-in element says is this element (its synonyms count).
  const closeness =
    reading.own.size === 0
      ? 0
      : Math.min(1, key.filter((term) => reading.said.has(term)).length / reading.own.size);
  const why = differs?.note ?? partlyBecause(element, key, context, reading, closeness);
  const present = found.match >= REVEAL_THRESHOLD && why === undefined;
  const note = why || undefined;
  return { status: present ? 'present' : 'partly', match: found.match, closeness, ...(note && { note }) };
}

/** A relationship with another class at one end is this one only if it says what this one says ("makes"). */
function statesLabel(element: SolutionElement, key: readonly string[], reading: Reading): boolean {
  const ends = termSet(element.shape?.ends.map((end) => end.name).join(' ') ?? '');
  return key.some((term) => !ends.has(term) && reading.said.has(term));
}

/** Solution elements that are names: a class, a participant, a node, a short entry ("actors: patient"). */
const isName = (element: SolutionElement, key: readonly string[]) =>
  ['class', 'participant', 'node'].includes(element.kind) ||
  (element.kind === 'entry' && key.length <= MAX_NAME_TERMS);
const MAX_NAME_TERMS = 3;
/** A hand-in element that says this much more than a name only mentions it. */
const MENTION_CLOSENESS = 0.5;

/**
 * Why a hand-in element that states an element's words still holds it only partly ('' when the
 * reason has no words to show), or undefined when nothing is amiss: it gives another time,
 * duration or number than the solution's (a hand-in that states another value says something
 * wrong, whereas a reply may name other times in passing); the element is an attribute or a
 * relationship written under another class; or it is a name that a longer statement only
 * mentions (an actor named in a requirement is not listed as an actor).
 */
function partlyBecause(
  element: SolutionElement,
  key: readonly string[],
  context: ReadonlySet<string>,
  reading: Reading,
  closeness: number,
): string | undefined {
  if (otherValue(key, reading.own)) return GRADING_TEXTS.otherValue;
  // Not one word of its class: the attribute (or relationship) is written somewhere else.
  if (context.size > 0 && ![...context].some((term) => reading.said.has(term))) {
    const theirs = reading.element.parent;
    if (!theirs) return '';
    return element.kind === 'attribute' ? GRADING_TEXTS.foundUnder(theirs) : GRADING_TEXTS.startsFrom(theirs);
  }
  if (isName(element, key) && closeness < MENTION_CLOSENESS) return GRADING_TEXTS.onlyMentioned;
  return undefined;
}

/** Times (@t), durations (@d) and plain numbers: the values of values.ts and normalise.ts. */
const VALUE_SORTS = [/^@t/, /^@d/, /^\d+$/];

/** The hand-in gives a value of a sort where the solution gives another of that sort, not stated. */
function otherValue(key: readonly string[], theirs: ReadonlySet<string>): boolean {
  return VALUE_SORTS.some((sort) => {
    const ours = key.filter((term) => sort.test(term));
    if (ours.length === 0 || ours.every((term) => theirs.has(term))) return false;
    return [...theirs].some((term) => sort.test(term) && !ours.includes(term));
  });
}

/** "*", "n" and "0..*" are the same multiplicity; so are "1" and "1..1". */
function multiplicity(many: string): string {
  const plain = many.replace(/\s+/g, '').toLowerCase();
  if (/^(\*|n|m|many|0\.\.(\*|n|m))$/.test(plain)) return '0..*';
  if (/^(1\.\.(\*|n|m)|\+)$/.test(plain)) return '1..*';
  if (/^(1|1\.\.1|one)$/.test(plain)) return '1';
  if (/^(0\.\.1|\?)$/.test(plain)) return '0..1';
  return plain;
}

/** How alike two class names are: the share of their words they have in common (Jaccard). */
function alike(a: string, b: string): number {
  const left = termSet(a);
  const right = termSet(b);
  const common = [...left].filter((term) => right.has(term)).length;
  return common === 0 ? 0 : common / (left.size + right.size - common);
}

/** 'unrelated': not this relationship at all; else what makes it only partly this one. */
type ShapeDifference = 'unrelated' | { note: string; oneEnd?: true } | undefined;

/**
 * How the hand-in's relationship differs from the solution's, beyond its words: another kind of
 * link, another class at one end, the other way round (a generalisation's child and parent, a
 * whole and its part), or a multiplicity both state differently (one the hand-in leaves out is not
 * a difference). Between two other classes, it is not this relationship.
 */
function shapeDifference(
  ours: RelationshipShape | undefined,
  theirs: RelationshipShape | undefined,
): ShapeDifference {
  if (!ours || !theirs) return undefined;
  const [a, b] = ours.ends;
  const [c, d] = theirs.ends;
  const straight = [alike(a.name, c.name), alike(b.name, d.name)];
  const crossed = [alike(a.name, d.name), alike(b.name, c.name)];
  const reversed = crossed[0]! + crossed[1]! > straight[0]! + straight[1]!;
  const [first, second] = reversed ? [d, c] : [c, d];
  const ends = reversed ? crossed : straight;
  if (ends.every((share) => share === 0)) return 'unrelated';
  if (ours.link !== theirs.link) return { note: GRADING_TEXTS.otherLink };
  if (ends.some((share) => share === 0)) return { note: GRADING_TEXTS.otherClasses, oneEnd: true };
  if (ours.link !== 'association' && reversed) return { note: GRADING_TEXTS.otherDirection };
  const clash = (end: typeof a, other: typeof c) =>
    end.many !== undefined && other.many !== undefined && multiplicity(end.many) !== multiplicity(other.many);
  if (clash(a, first) || clash(b, second)) {
    const written = theirs.ends.map((side) => `${side.name} ${side.many ?? '?'}`).join(', ');
    return { note: GRADING_TEXTS.otherMultiplicity(written) };
  }
  return undefined;
}
