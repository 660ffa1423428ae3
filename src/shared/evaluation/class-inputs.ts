import type { Lexicon } from '../lexicon';
import type { ClassLeiaRef, Grader } from '../schemas/class-report';
import type { EvaluationReport } from '../schemas/evaluation';
import type { HandInGrade } from '../schemas/grading';
import type { SolutionFormat } from '../schemas/resources';
import { type ConversationMessage, leiaTurns } from './conversation';
import { solutionReader } from './growing-measure';
import { buildReport, type EvaluationInput } from './report';

/**
 * What the class reports are built from: plain data, as the server reads it from its tables (or a
 * test writes it), so the builders stay pure and the same on both sides.
 */

export interface ClassMessage extends ConversationMessage {
  timestamp: string;
  stopped?: true;
}

export interface ClassStudentInput {
  id: string;
  name: string;
  email?: string;
  leia: ClassLeiaRef;
  joinedAt: string;
  lastActivityAt: string;
  handedInAt: string | null;
  autoHandedIn: boolean;
  /** Oldest first; empty in transcription mode. */
  messages: readonly ClassMessage[];
  draft?: string;
  handIn: string | null;
  /** The hand-in's grade (with its override); null until graded. */
  grade: HandInGrade | null;
  /**
   * The conversation's elicitation report as stored at hand-in. Left out, it is made offline from
   * the messages (live, before hand-in); null: not measured (transcription mode).
   */
  elicitation?: EvaluationReport | null;
}

export interface ClassSolution {
  text: string;
  format: SolutionFormat;
}

export interface ClassReportInput {
  sessionId: string;
  /** The activity's LEIA configurations, in its order. */
  leias: readonly ClassLeiaRef[];
  /** Each configuration's hidden solution, by configId; none when its problem has none. */
  solutions: Readonly<Record<string, ClassSolution | undefined>>;
  /** In the order they joined. */
  students: readonly ClassStudentInput[];
  now: Date;
  /** The server's lexicon, for conversations measured here. */
  lexicon?: Lexicon;
}

/**
 * Measures conversations offline as `evaluateOffline` does, reading each solution once for every
 * conversation measured against it: a class of 200 shares one or a few solutions, and reading a
 * 60-element solution again for each student was a fifth of a live report's build.
 */
export function conversationMeasurer(lexicon?: Lexicon): (input: EvaluationInput) => EvaluationReport {
  const read = solutionReader();
  return (input) =>
    buildReport(
      { ...input, read: read(input), turns: leiaTurns(input.messages) },
      lexicon ? { lexicon } : {},
    );
}

export type ConversationMeasurer = ReturnType<typeof conversationMeasurer>;

/** The student's elicitation report: the stored one, else made offline when there is a solution. */
export function elicitationOf(
  student: ClassStudentInput,
  solution: ClassSolution | undefined,
  measure: ConversationMeasurer,
): EvaluationReport | null {
  if (student.elicitation !== undefined) return student.elicitation;
  if (!solution || solution.text.trim() === '') return null;
  const messages = student.messages.map(({ text, isLeia }) => ({ text, isLeia }));
  return measure({ solution: solution.text, solutionFormat: solution.format, messages });
}

/** The LEIA's replies: the report's count when there is one, else counted from the messages. */
export const turnsOf = (student: ClassStudentInput, report: EvaluationReport | null): number =>
  report?.turns ?? leiaTurns(student.messages).length;

/** Who made the grade that counts. */
export const graderOf = (grade: HandInGrade): Grader =>
  grade.counted === 'override' ? 'instructor' : grade.method;

/** From joining to handing in, or to the last activity until then; whole seconds. */
export function timeSpentSeconds(student: ClassStudentInput): number {
  const end = Date.parse(student.handedInAt ?? student.lastActivityAt);
  return Math.max(0, Math.round((end - Date.parse(student.joinedAt)) / 1000));
}
