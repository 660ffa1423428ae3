import { CLASS_TEXTS, secondsLeft, timeLeftText } from '@shared/class-sessions';
import type { SnapshotFrom } from 'xstate';
import { STUDENT_FLOW_TEXTS } from './contract';
import type { classStudentMachine } from './machine';

/** What the student screen reads from the flow's snapshot (./machine.ts). */

export type StudentSnapshot = SnapshotFrom<typeof classStudentMachine>;

/** Which face of the screen to show. */
export type StudentFace = 'loading' | 'failed' | 'join' | 'active' | 'after' | 'ended';
export function studentFace(s: StudentSnapshot): StudentFace {
  if (s.hasTag('loading') || s.matches('Start')) return 'loading';
  if (s.matches('LoadFailed')) return 'failed';
  if (s.matches('Joining')) return 'join';
  if (s.matches({ Session: 'After' })) return 'after';
  if (s.matches({ Session: 'Ended' })) return 'ended';
  return 'active';
}

/** The join form's step: the code, then the name or email the session asks for. */
export const joinStep = (s: StudentSnapshot): 'code' | 'details' =>
  s.matches({ Joining: 'Details' }) || s.matches({ Joining: 'Submitting' }) ? 'details' : 'code';

export const isJoinBusy = (s: StudentSnapshot): boolean => s.hasTag('busy');

/** Seconds left by the server's clock at the last tick; null without a time limit. */
export const studentSecondsLeft = (s: StudentSnapshot): number | null =>
  secondsLeft(s.context.view?.endsAt ?? null, (s.context.now || Date.now()) + s.context.clockOffset);

/** The time left as words ('12 minutes'), never by colour alone. */
export const timeLeftLabel = (s: StudentSnapshot): string => {
  const seconds = studentSecondsLeft(s);
  return seconds === null ? CLASS_TEXTS.noTimeLimit : timeLeftText(seconds);
};

export const isReplying = (s: StudentSnapshot): boolean => s.hasTag('replying');
export const isTyping = (s: StudentSnapshot): boolean => s.hasTag('typing');
/** The student's own report is being fetched. */
export const isReportLoading = (s: StudentSnapshot): boolean => s.hasTag('reportLoading');
export const isReadingTranscript = (s: StudentSnapshot): boolean =>
  s.matches({ Session: { Active: { chat: 'Reading' } } });

/** The notice ending the conversation after a failed reply, with Retry; null otherwise. */
export const chatFailedNotice = (s: StudentSnapshot): string | null =>
  s.matches({ Session: { Active: { chat: 'Failed' } } })
    ? (s.context.chatError ?? STUDENT_FLOW_TEXTS.failedSend)
    : null;

export const canSendMessage = (s: StudentSnapshot, text: string): boolean =>
  s.can({ type: 'chat.send', text });

export const isHandingIn = (s: StudentSnapshot): boolean => s.hasTag('handingIn');

/** What the draft's status line says: saving, saved, or why it was not. */
export const draftStatus = (s: StudentSnapshot): string => {
  if (s.context.draftError) return s.context.draftError;
  if (s.hasTag('savingDraft')) return 'Saving draft...';
  return s.context.draftSavedAt ? CLASS_TEXTS.draftSaved : '';
};
