import { quote } from '@shared/evaluation/conversation';
import type { Judgement, PreparedEvaluation } from '@shared/evaluation/report';
import { evidenceIn, keyTerms } from '@shared/evaluation/reveal';
import { INTERVIEW_THEME_HINTS, INTERVIEW_THEME_LABELS, INTERVIEW_THEMES } from '@shared/evaluation/themes';
import { elementStatuses, type ThemeComment } from '@shared/schemas/evaluation';
import { z } from 'zod';
import { type EvaluationModel, ModelCallError } from './model';

/**
 * The judge: a connected model reads the solution's elements and the numbered conversation and
 * marks each element revealed, partly revealed or not, with the turn of its evidence and whether
 * it came unprompted, then comments on the interviewer under the seven themes of interview
 * mistakes. An answer that names an element or a turn that does not exist is malformed.
 */

export const judgeAnswerSchema = z.object({
  elements: z.array(
    z.object({
      id: z.string(),
      status: z.enum(elementStatuses),
      turn: z.number().int().nullable(),
      unprompted: z.boolean(),
    }),
  ),
  comments: z.array(z.object({ theme: z.enum(INTERVIEW_THEMES), comment: z.string() })),
});
export type JudgeAnswer = z.infer<typeof judgeAnswerSchema>;

/** Long messages are cut in the prompt: the judge needs what was said, not every word of it. */
const MAX_MESSAGE_CHARS = 2_000;
const MAX_COMMENTS_PER_THEME = 3;
const MAX_COMMENT_CHARS = 600;

export const JUDGE_SYSTEM = [
  'You assess a requirements elicitation interview. A student (the interviewer) interviews a simulated stakeholder (the LEIA) who knows a hidden solution and should reveal it only to good questions.',
  'For every solution element, decide from the LEIA replies alone whether the LEIA revealed it ("revealed": a student could write it down from what was said), partly revealed it ("partly") or did not ("not").',
  'For "revealed" and "partly", give the number of the first LEIA turn that shows it; for "not", turn is null.',
  'Mark an element "unprompted" when it came in a reply to a question that did not ask about it.',
  'Then comment briefly on the interviewer, only where there is something to say, under these themes:',
  ...INTERVIEW_THEMES.map(
    (theme) => `- ${theme} (${INTERVIEW_THEME_LABELS[theme]}): ${INTERVIEW_THEME_HINTS[theme]}`,
  ),
  'Answer with JSON only: {"elements": [{"id", "status", "turn", "unprompted"}], "comments": [{"theme", "comment"}]}.',
].join('\n');

export function judgePrompt(prepared: PreparedEvaluation): string {
  const elements = prepared.read.elements.map(
    (element) =>
      `${element.id} [${element.kind}] ${element.label}${element.parent ? ` (in ${element.parent})` : ''}`,
  );
  const lines: string[] = [];
  let turn = 0;
  for (const message of prepared.messages) {
    const text =
      message.text.length > MAX_MESSAGE_CHARS ? `${message.text.slice(0, MAX_MESSAGE_CHARS)}…` : message.text;
    lines.push(message.isLeia ? `LEIA (turn ${++turn}): ${text}` : `Student: ${text}`);
  }
  return `Solution elements:\n${elements.join('\n')}\n\nConversation (${turn} LEIA turns):\n${lines.join('\n')}`;
}

/** Checks the answer against the elements and turns that exist, and makes it a Judgement. */
export function toJudgement(answer: JudgeAnswer, prepared: PreparedEvaluation, model: string): Judgement {
  const { elements } = prepared.read;
  const index = new Map(elements.map((element, at) => [element.id, at]));
  const marks = new Map<string, JudgeAnswer['elements'][number]>();
  for (const mark of answer.elements) {
    if (!index.has(mark.id)) throw malformed(`it named an element that does not exist (${mark.id})`);
    if (marks.has(mark.id)) throw malformed(`it marked element ${mark.id} twice`);
    if (mark.status !== 'not' && (mark.turn === null || mark.turn < 1 || mark.turn > prepared.turns.length)) {
      throw malformed(`it gave element ${mark.id} a turn that does not exist (${mark.turn})`);
    }
    marks.set(mark.id, mark);
  }
  const reveals = elements.map((element) => {
    const mark = marks.get(element.id);
    if (!mark || mark.status === 'not' || mark.turn === null) {
      return { id: element.id, status: 'not' as const, turn: null, unprompted: false };
    }
    const reply = prepared.turns[mark.turn - 1]!;
    return {
      id: element.id,
      status: mark.status,
      turn: mark.turn,
      evidence: evidenceIn(reply.text, keyTerms(element)),
      unprompted: mark.unprompted,
    };
  });
  const perTheme = new Map<string, number>();
  const comments: ThemeComment[] = [];
  for (const { theme, comment } of answer.comments) {
    const text = quote(comment, MAX_COMMENT_CHARS);
    const seen = perTheme.get(theme) ?? 0;
    if (text === '' || seen >= MAX_COMMENTS_PER_THEME) continue;
    perTheme.set(theme, seen + 1);
    comments.push({ theme, comment: text });
  }
  return { model, reveals, comments };
}

const malformed = (reason: string) => new ModelCallError('malformed', reason);

/** The judge's verdict on a conversation; throws a ModelCallError saying why it could not. */
export async function judge(
  model: EvaluationModel,
  prepared: PreparedEvaluation,
  signal?: AbortSignal,
): Promise<Judgement> {
  const answer = await model.object({
    name: 'elicitation_judgement',
    system: JUDGE_SYSTEM,
    prompt: judgePrompt(prepared),
    schema: judgeAnswerSchema,
    signal,
  });
  return toJudgement(answer, prepared, model.model);
}
