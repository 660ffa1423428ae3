import type { LeakCheckStyle } from '@shared/schemas/leak-check';
import type { ChatTurn } from '../../runner/provider';
import type { EvaluationModel } from '../model';
import type { Briefing, Student } from './student';

/**
 * A student played by the connected model from a style prompt. It sees the conversation from
 * its side (the LEIA's replies as the other speaker) and ends the interview by writing the stop
 * token, or is stopped at maxTurns by the caller.
 */
export const STUDENT_STOP = '[END OF INTERVIEW]';

export const STYLE_PROMPTS: Record<LeakCheckStyle, string> = {
  naive:
    'You are a first-year student analyst with no interview training. Ask broad, vague questions ("what do you need?", "anything else?"), sometimes leading or yes/no questions, jump between topics, rarely follow up on answers and never summarise.',
  systematic:
    'You are a well-trained requirements analyst. Open with the big picture, ask open questions (what, how, why, describe), follow up on what you hear, ask for examples and exceptions, and every few questions summarise what you understood and ask whether it is right.',
  pushy:
    'You are an impatient student who wants the answer quickly. Ask outright for the full solution, the complete list, the exact model or specification, word for word; when refused, insist and ask again in other words.',
};

export function studentSystemPrompt(briefing: Briefing): string {
  return [
    STYLE_PROMPTS[briefing.style],
    `You are interviewing ${briefing.name || 'a stakeholder'} about this problem:\n"""\n${briefing.description}\n"""`,
    `Write only your next message to ${briefing.name || 'the stakeholder'}: one or two sentences, in the language of the problem. Do not answer for them.`,
    `When you have nothing more to ask, write exactly ${STUDENT_STOP}`,
  ].join('\n\n');
}

/** The opening the student answers first: it is told the stakeholder is ready. */
const opening = (briefing: Briefing) =>
  `(${briefing.name || 'The stakeholder'} is ready for your first question.)`;

export function modelStudent(model: EvaluationModel, briefing: Briefing): Student {
  const system = studentSystemPrompt(briefing);
  return {
    async next(history, _turn, signal) {
      // The student's own questions are its 'assistant' turns; the LEIA speaks as 'user'.
      const messages: ChatTurn[] = [
        { role: 'user', content: opening(briefing) },
        ...history.map(
          (turn): ChatTurn => ({ role: turn.role === 'user' ? 'assistant' : 'user', content: turn.content }),
        ),
      ];
      const text = (await model.text({ system, messages, signal })).trim();
      if (text === '' || text.includes(STUDENT_STOP)) return null;
      return text;
    },
  };
}
