import { type Lexicon, NO_LEXICON } from '../lexicon';
import { type ExtraElement, GRADING_TEXTS, type HandInGrade } from '../schemas/grading';
import type { SolutionFormat } from '../schemas/resources';
import { type ReadSolution, readSolution, type SolutionElement } from './elements';
import { type ElementMatch, matchHandIn } from './grading-match';
import { PARTLY_THRESHOLD, REVEAL_THRESHOLD } from './reveal';

/**
 * A hand-in graded against the hidden solution (docs/architecture.md "Grading a hand-in"). The
 * hand-in is read by the solution's own parser (elements/), each solution element is found
 * present, partly present or missing in it, offline (grading-match.ts) or by a judge model
 * (server side), and one builder turns either into the grade, so the two methods differ only in
 * what they decide:
 *
 *   grade = 10 x (recall - penalty), at least 0, one decimal
 *   recall = (present + PARTLY_CREDIT x partly) / elements of the solution
 *   penalty = EXTRA_COST x extra elements / elements of the solution
 *
 * An extra element is one of the hand-in's that is not in the solution (offline) or that is wrong
 * (judge): listing everything one can think of costs what it does not earn.
 */

export const PARTLY_CREDIT = 0.5;
export const EXTRA_COST = 0.25;
/** A hand-in is typed by a student: longer than this is not a model of anything. */
export const MAX_HAND_IN_CHARS = 100_000;
/** Extra elements listed in a result (all are counted). */
export const MAX_EXTRA_LISTED = 100;

export interface GradingInput {
  solution: string;
  solutionFormat: SolutionFormat;
  handIn: string;
}

/** Both texts read once, for every method. The hand-in's elements are numbered h1, h2... */
export interface PreparedGrading extends GradingInput {
  solutionRead: ReadSolution;
  handInRead: ReadSolution;
  /** Compare across kinds: the hand-in (or the solution) was not read as its format. */
  loose: boolean;
  truncated: boolean;
}

/** What a judge model decided: one match per solution element, in its order, and the wrong elements. */
export interface GradeJudgement {
  model: string;
  matches: ElementMatch[];
  extra: ExtraElement[];
  feedback?: string;
}

const DIAGRAM_HEADER =
  /^(?:classDiagram(?:-v2)?|erDiagram|sequenceDiagram|stateDiagram(?:-v2)?|(?:graph|flowchart)(?:\s+(?:TB|TD|BT|RL|LR))?)$/i;

/** A hand-in pasted from a chat or a Markdown file arrives in a code fence: the fence is not the work. */
const unfence = (text: string) => /^\s*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n\s*\1\s*$/.exec(text)?.[2] ?? text;

export function prepareGrading(input: GradingInput): PreparedGrading {
  const whole = unfence(input.handIn);
  const truncated = whole.length > MAX_HAND_IN_CHARS;
  const solutionRead = readSolution(input.solution, input.solutionFormat);
  const read = readSolution(truncated ? whole.slice(0, MAX_HAND_IN_CHARS) : whole, input.solutionFormat);
  // A diagram read as sentences has its header among them: that line is not the student's work.
  const elements = read.fallback
    ? read.elements.filter((element) => !DIAGRAM_HEADER.test(element.text))
    : read.elements;
  const handInRead = {
    ...read,
    fallback: read.fallback && elements.length > 0,
    elements: elements.map((element, index) => ({ ...element, id: `h${index + 1}` })),
  };
  return {
    ...input,
    solutionRead,
    handInRead,
    loose: handInRead.fallback || solutionRead.fallback || !sharesAKind(solutionRead, handInRead),
    truncated,
  };
}

/** A hand-in drawn as another kind of diagram than the solution (a flowchart for classes) is read as text. */
function sharesAKind(solution: ReadSolution, handIn: ReadSolution): boolean {
  const prose = (kind: string) => ['entry', 'text', 'item', 'sentence'].includes(kind);
  const kinds = new Set(solution.elements.map((element) => (prose(element.kind) ? 'prose' : element.kind)));
  return (
    handIn.elements.length === 0 ||
    handIn.elements.some((element) => kinds.has(prose(element.kind) ? 'prose' : element.kind))
  );
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round3 = (value: number) => Math.round(value * 1000) / 1000;
const shown = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** The grade of a count of elements, by the formula above. */
export function gradeOf(figures: { present: number; partly: number; extra: number; total: number }) {
  const { present, partly, extra, total } = figures;
  if (total === 0) return { recall: 0, penalty: 0, grade: 0 };
  const recall = (present + PARTLY_CREDIT * partly) / total;
  const penalty = (EXTRA_COST * extra) / total;
  return { recall, penalty, grade: round1(10 * Math.min(1, Math.max(0, recall - penalty))) };
}

const asExtra = (element: SolutionElement): ExtraElement => ({
  kind: element.kind,
  label: element.label,
  ...(element.parent !== undefined && { parent: element.parent }),
});

export function buildGrade(
  prepared: PreparedGrading,
  outcome: { judged?: GradeJudgement; fallback?: string; lexicon?: Lexicon } = {},
): HandInGrade {
  const { judged, fallback, lexicon = NO_LEXICON } = outcome;
  const solution = prepared.solutionRead.elements;
  const offline = judged
    ? undefined
    : matchHandIn(solution, prepared.handInRead.elements, { lexicon, loose: prepared.loose });
  const matches = judged?.matches ?? offline!.matches;
  const extra = judged?.extra ?? offline!.extra.map(asExtra);
  const count = (status: ElementMatch['status']) => matches.filter((match) => match.status === status).length;
  const figures = {
    total: solution.length,
    present: count('present'),
    partly: count('partly'),
    missing: count('missing'),
    extra: extra.length,
    handIn: prepared.handInRead.elements.length,
  };
  const { recall, penalty, grade } = gradeOf(figures);
  return {
    method: judged ? 'judge' : 'offline',
    ...(judged && { model: judged.model }),
    ...(fallback && { fallback }),
    solutionFormat: prepared.solutionFormat,
    elements: solution.map((element, index) => ({
      id: element.id,
      kind: element.kind,
      label: element.label,
      ...(element.parent !== undefined && { parent: element.parent }),
      ...matches[index]!,
    })),
    extra: extra.slice(0, MAX_EXTRA_LISTED),
    figures,
    recall: round3(recall),
    penalty: round3(penalty),
    weights: { partly: PARTLY_CREDIT, extra: EXTRA_COST },
    grade,
    explanation: GRADING_TEXTS.explanation({ ...figures, grade: shown(grade) }),
    ...(judged?.feedback && { feedback: judged.feedback }),
    notes: gradeNotes(prepared, { judged, fallback }),
    counted: 'computed',
    final: grade,
  };
}

/** What the reader should know about how the grade was made. */
function gradeNotes(
  prepared: PreparedGrading,
  { judged, fallback }: { judged?: GradeJudgement; fallback?: string },
): string[] {
  const { solutionRead, handInRead, solutionFormat } = prepared;
  return [
    judged
      ? GRADING_TEXTS.judgeMethod(judged.model)
      : GRADING_TEXTS.offlineMethod(REVEAL_THRESHOLD * 100, Math.round(PARTLY_THRESHOLD * 100)),
    ...(fallback ? [GRADING_TEXTS.judgeFallback(fallback)] : []),
    ...(solutionRead.elements.length === 0 ? [GRADING_TEXTS.noElements] : []),
    ...(solutionRead.fallback ? [GRADING_TEXTS.solutionFallback(solutionFormat)] : []),
    ...(solutionRead.omitted > 0 ? [GRADING_TEXTS.omittedSolution(solutionRead.omitted)] : []),
    ...(handInRead.fallback ? [GRADING_TEXTS.handInFallback(solutionFormat)] : []),
    ...(prepared.loose && !handInRead.fallback && !solutionRead.fallback ? [GRADING_TEXTS.otherDiagram] : []),
    ...(handInRead.omitted > 0 ? [GRADING_TEXTS.omittedHandIn(handInRead.omitted)] : []),
    ...(prepared.truncated ? [GRADING_TEXTS.truncatedHandIn(MAX_HAND_IN_CHARS.toLocaleString('en'))] : []),
    ...(judged ? [] : [GRADING_TEXTS.feedbackOffline]),
  ];
}

/** The offline grade of a hand-in; with a lexicon (the server's), synonyms and other word forms count. */
export const gradeOffline = (input: GradingInput, lexicon?: Lexicon): HandInGrade =>
  buildGrade(prepareGrading(input), lexicon ? { lexicon } : {});
