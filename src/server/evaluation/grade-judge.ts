import { quote } from '@shared/evaluation/conversation';
import type { SolutionElement } from '@shared/evaluation/elements';
import type { GradeJudgement, PreparedGrading } from '@shared/evaluation/grading';
import type { ElementMatch } from '@shared/evaluation/grading-match';
import { splitSentences } from '@shared/evaluation/sentences';
import { type ExtraElement, gradeStatuses } from '@shared/schemas/grading';
import { z } from 'zod';
import { type EvaluationModel, ModelCallError } from './model';

/**
 * The grade judge: a connected model reads the solution's elements and the hand-in (as written,
 * and as the solution's parser numbered its elements) and marks each solution element present,
 * partly present or missing, citing the hand-in elements that show it, names the hand-in's wrong
 * elements, and writes two or three sentences of feedback for the student. The grade itself is
 * computed from its marks by the same formula as offline (grading.ts). An answer that names an
 * element that does not exist is malformed.
 */

export const gradeJudgeAnswerSchema = z.object({
  elements: z.array(
    z.object({ id: z.string(), status: z.enum(gradeStatuses), evidence: z.array(z.string()) }),
  ),
  wrong: z.array(z.object({ id: z.string(), reason: z.string() })),
  feedback: z.string(),
});
export type GradeJudgeAnswer = z.infer<typeof gradeJudgeAnswerSchema>;

/** The judge needs what the student wrote, not every character of a very long hand-in. */
const MAX_PROMPT_HAND_IN_CHARS = 20_000;
const MAX_FEEDBACK_SENTENCES = 3;
const MAX_FEEDBACK_CHARS = 600;
const MAX_REASON_CHARS = 300;

export const GRADE_JUDGE_SYSTEM = [
  'You grade a student’s hand-in against the hidden reference solution of a requirements elicitation exercise. The student interviewed a simulated stakeholder and then wrote down what they learned, in the same format as the solution.',
  'For every solution element, decide whether the hand-in states it: "present" (stated, in the solution’s words or the student’s own), "partly" (there, but incomplete or with a wrong detail: another value, another class, another multiplicity or direction) or "missing". For "present" and "partly", list the ids of the hand-in elements that show it.',
  'Then list the hand-in elements that are wrong (they contradict the solution or do not belong to the problem), each with a short reason. An element the solution lacks but that is reasonable is not wrong.',
  'Finally, write two or three sentences of feedback addressed to the student: what the hand-in does well and which areas need more work. The student may not be allowed to see the solution: never state a solution element the hand-in lacks.',
  'Answer with JSON only: {"elements": [{"id", "status", "evidence": [hand-in ids]}], "wrong": [{"id", "reason"}], "feedback"}.',
].join('\n');

const line = (element: SolutionElement) =>
  `${element.id} [${element.kind}] ${element.label}${element.parent ? ` (in ${element.parent})` : ''}`;

export function gradeJudgePrompt(prepared: PreparedGrading): string {
  const written =
    prepared.handIn.length > MAX_PROMPT_HAND_IN_CHARS
      ? `${prepared.handIn.slice(0, MAX_PROMPT_HAND_IN_CHARS)}…`
      : prepared.handIn;
  return [
    `Solution elements (${prepared.solutionFormat}):`,
    ...prepared.solutionRead.elements.map(line),
    '',
    'Hand-in elements:',
    ...prepared.handInRead.elements.map(line),
    '',
    'The hand-in as written:',
    written,
  ].join('\n');
}

const malformed = (reason: string) => new ModelCallError('malformed', reason);

/** Checks the answer against the elements that exist, and makes it a GradeJudgement. */
export function toGradeJudgement(
  answer: GradeJudgeAnswer,
  prepared: PreparedGrading,
  model: string,
): GradeJudgement {
  const solution = prepared.solutionRead.elements;
  const handIn = new Map(prepared.handInRead.elements.map((element) => [element.id, element]));
  const known = new Set(solution.map((element) => element.id));
  const marks = new Map<string, ElementMatch>();
  const cited = (id: string) => {
    const element = handIn.get(id);
    if (!element) throw malformed(`it cited a hand-in element that does not exist (${id})`);
    return element.label;
  };
  for (const mark of answer.elements) {
    if (!known.has(mark.id)) throw malformed(`it named an element that does not exist (${mark.id})`);
    if (marks.has(mark.id)) throw malformed(`it marked element ${mark.id} twice`);
    const evidence = [...new Set(mark.evidence)].map(cited);
    marks.set(
      mark.id,
      mark.status === 'missing' || evidence.length === 0
        ? { status: mark.status }
        : { status: mark.status, evidence: quote(evidence.join('; ')) },
    );
  }
  const wrong = new Set<string>();
  const extra: ExtraElement[] = answer.wrong.map(({ id, reason }) => {
    cited(id);
    if (wrong.has(id)) throw malformed(`it named hand-in element ${id} wrong twice`);
    wrong.add(id);
    const element = handIn.get(id)!;
    const why = quote(reason, MAX_REASON_CHARS);
    return {
      kind: element.kind,
      label: element.label,
      ...(element.parent !== undefined && { parent: element.parent }),
      ...(why !== '' && { reason: why }),
    };
  });
  const feedback = quote(
    splitSentences(answer.feedback).slice(0, MAX_FEEDBACK_SENTENCES).join(' '),
    MAX_FEEDBACK_CHARS,
  );
  return {
    model,
    matches: solution.map((element) => marks.get(element.id) ?? { status: 'missing' }),
    extra,
    ...(feedback !== '' && { feedback }),
  };
}

/** The judge's grading of a hand-in; throws a ModelCallError saying why it could not. */
export async function judgeHandIn(
  model: EvaluationModel,
  prepared: PreparedGrading,
  signal?: AbortSignal,
): Promise<GradeJudgement> {
  const answer = await model.object({
    name: 'hand_in_grade',
    system: GRADE_JUDGE_SYSTEM,
    prompt: gradeJudgePrompt(prepared),
    schema: gradeJudgeAnswerSchema,
    signal,
  });
  return toGradeJudgement(answer, prepared, model.model);
}
