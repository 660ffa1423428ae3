import type { InterviewerStats } from '../schemas/evaluation';
import type { ConversationMessage } from './conversation';
import { fold, termSet, terms } from './normalise';
import { splitSentences } from './sentences';

/**
 * The interviewer's side of a conversation, counted offline: questions (a sentence that ends in a
 * question mark, or opens as a question or a request such as "Tell me about..."), open or closed,
 * follow-ups and summaries. English and Spanish openings.
 */

/** Invites the other to explain: what, how, why, describe, tell me, explain, walk me through... */
const OPEN =
  /^(?:[¿¡"'(\s])*(?:(?:and|so|ok|okay|then|now|y|entonces|vale)[,\s]+)?(?:what|how(?!\s+(?:many|much|long|often|old|far)\b)|why|describe|tell|explain|walk me|talk me|could you (?:describe|tell|explain|walk)|can you (?:describe|tell|explain|walk)|would you (?:describe|tell|explain)|que|como|por que|describ|cuent|explica|hablame|podria(?:s)? (?:describir|contar|explicar))/;
/** Asks for yes, no or one fact: is, do, can, how many, when, where, who, which... */
const CLOSED =
  /^(?:[¿¡"'(\s])*(?:(?:and|so|ok|okay|then|now|y|entonces|vale)[,\s]+)?(?:is|are|was|were|do|does|did|can|could|will|would|should|shall|may|might|must|have|has|had|how (?:many|much|long|often|old|far)|when|where|who|whom|whose|which|es|son|hay|tiene|tienen|puede|pueden|cuando|donde|quien|cual|cuant)\b/;
const FOLLOW_UP =
  /\b(?:you (?:said|mentioned|told me|talked about)|earlier you|what do you mean|could you give (?:me )?an example|for example\?|such as\?|tell me more|more about|dijiste|mencionaste|a que te refieres|por ejemplo\?)/;
const SUMMARY =
  /\b(?:to summari[sz]e|in summary|let me summari[sz]e|to recap|so far (?:i|we) (?:have|understand|got)|if i understand(?:ood)?|let me (?:check|see) (?:if|that) i|in other words|resumiendo|en resumen|si (?:lo )?entiendo bien|o sea que)\b/;
const CHECKS_UNDERSTANDING =
  /\b(?:is that (?:right|correct)|did i get (?:that|it) right|am i right|correct\?|verdad\?|es correcto\?)/;
/** A message that restates this many terms the LEIA said earlier, with a check, summarises. */
const RESTATED_TERMS = 6;

export type QuestionKind = 'open' | 'closed';

/** How each sentence of an interviewer's message asks, if it asks. */
export function questionKinds(text: string): QuestionKind[] {
  const kinds: QuestionKind[] = [];
  for (const sentence of splitSentences(text)) {
    const folded = fold(sentence).trim();
    if (OPEN.test(folded)) kinds.push('open');
    else if (CLOSED.test(folded) || folded.endsWith('?')) kinds.push('closed');
  }
  return kinds;
}

/**
 * The interviewer's figures so far and what the next message is judged against, so a conversation
 * that grows is counted on from here over its new messages alone.
 */
export interface InterviewerTally {
  interviewer: number;
  questions: number;
  open: number;
  followUps: number;
  summaries: number;
  /** Every term the LEIA said, and every term the interviewer asked about. */
  leiaSaid: ReadonlySet<string>;
  asked: ReadonlySet<string>;
  lastReply?: ReadonlySet<string>;
}

export const NO_TALLY: InterviewerTally = {
  interviewer: 0,
  questions: 0,
  open: 0,
  followUps: 0,
  summaries: 0,
  leiaSaid: new Set(),
  asked: new Set(),
};

/** `tally` (left as it is) counted on over the `messages` that follow the ones it has seen. */
export function tallyAfter(
  tally: InterviewerTally,
  messages: readonly ConversationMessage[],
): InterviewerTally {
  let { interviewer, questions, open, followUps, summaries, lastReply } = tally;
  const leiaSaid = new Set(tally.leiaSaid);
  const asked = new Set(tally.asked);
  for (const message of messages) {
    if (message.isLeia) {
      lastReply = termSet(message.text);
      for (const term of lastReply) leiaSaid.add(term);
      continue;
    }
    interviewer++;
    const folded = fold(message.text);
    const kinds = questionKinds(message.text);
    questions += kinds.length;
    open += kinds.filter((kind) => kind === 'open').length;
    const mine = terms(message.text);
    const restated = new Set(mine.filter((term) => leiaSaid.has(term))).size;
    if (SUMMARY.test(folded) || (CHECKS_UNDERSTANDING.test(folded) && restated >= RESTATED_TERMS)) {
      summaries++;
    } else if (
      kinds.length > 0 &&
      lastReply &&
      (FOLLOW_UP.test(folded) || mine.some((term) => lastReply?.has(term) && !asked.has(term)))
    ) {
      // Picks up something the LEIA just said that the interviewer had not brought up before.
      followUps++;
    }
    for (const term of mine) asked.add(term);
  }
  return {
    interviewer,
    questions,
    open,
    followUps,
    summaries,
    leiaSaid,
    asked,
    ...(lastReply && { lastReply }),
  };
}

export function interviewerFigures(tally: InterviewerTally): Omit<InterviewerStats, 'comments'> {
  const { interviewer, questions, open, followUps, summaries } = tally;
  return {
    messages: interviewer,
    questions,
    open,
    closed: questions - open,
    openShare: questions === 0 ? null : Math.round((open / questions) * 100) / 100,
    followUps,
    summaries,
  };
}

export const interviewerStats = (
  messages: readonly ConversationMessage[],
): Omit<InterviewerStats, 'comments'> => interviewerFigures(tallyAfter(NO_TALLY, messages));
