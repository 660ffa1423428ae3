import { STUDENT_STOP } from '@server/evaluation/students/model';
import type { FakeReply, FakeScript, RecordedRequest } from '../../support/fake-openai';

/**
 * One fake model plays three parts in a leak check: the judge (asked for structured output), the
 * simulated student (its system prompt ends with the stop token) and the LEIA (everything else).
 * `turn` is the student's question number, read from the conversation it was sent.
 */
export type Part = 'judge' | 'student' | 'leia';

export const partOf = (request: RecordedRequest): Part => {
  if (request.body.response_format) return 'judge';
  const system = request.body.messages?.find((message) => message.role === 'system')?.content;
  return typeof system === 'string' && system.includes(STUDENT_STOP) ? 'student' : 'leia';
};

export const studentTurn = (request: RecordedRequest) => ((request.body.messages?.length ?? 2) - 2) / 2 + 1;

export function leakCheckScript(parts: {
  judge?: FakeReply;
  student?: (turn: number) => FakeReply;
  leia?: FakeReply;
}): FakeScript {
  return (request) => {
    switch (partOf(request)) {
      case 'judge':
        return parts.judge ?? { kind: 'json', value: { elements: [], comments: [] } };
      case 'student':
        return parts.student?.(studentTurn(request)) ?? { kind: 'reply', text: 'What do you need?' };
      case 'leia':
        return parts.leia ?? { kind: 'reply', text: 'Each member has a card number and an email.' };
    }
  };
}

/** A student that asks `questions` questions, then writes the stop token. */
export const asksThenStops =
  (questions: number) =>
  (turn: number): FakeReply =>
    turn > questions
      ? { kind: 'reply', text: `Thank you, that is all. ${STUDENT_STOP}` }
      : { kind: 'reply', text: `Question ${turn}: what do you keep about members?` };
