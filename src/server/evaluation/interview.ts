import { setImmediate as nextTick } from 'node:timers/promises';
import type { ConversationMessage } from '@shared/evaluation/conversation';
import { type ChatTurn, collectReply, type LlmProvider, type ResolvedLeia } from '../runner/provider';
import type { Student } from './students/student';

/**
 * One simulated interview: the student asks, the LEIA answers through the chat's own provider
 * (the offline simulator, or the connected model with the LEIA's system prompt), up to maxTurns
 * questions or until the student stops. It yields to the event loop after every turn, so a long
 * check never holds up the server's other requests.
 */
export interface InterviewOptions {
  leia: ResolvedLeia;
  system: string;
  provider: LlmProvider;
  student: Student;
  maxTurns: number;
  signal: AbortSignal;
  /** After each answered question. */
  onTurn(turn: number): Promise<void>;
}

export async function runInterview(
  options: InterviewOptions,
): Promise<{ messages: ConversationMessage[]; questions: number }> {
  const { leia, system, provider, student, maxTurns, signal } = options;
  const history: ChatTurn[] = [];
  let questions = 0;
  for (let turn = 1; turn <= maxTurns; turn++) {
    signal.throwIfAborted();
    const question = await student.next(history, turn, signal);
    if (question === null) break;
    history.push({ role: 'user', content: question });
    const reply = await collectReply(provider.streamReply({ system, history, leia, signal }));
    history.push({ role: 'assistant', content: reply });
    questions = turn;
    await options.onTurn(turn);
    await nextTick();
  }
  return {
    messages: history.map((turn) => ({ text: turn.content, isLeia: turn.role === 'assistant' })),
    questions,
  };
}
