import { CLASS_TEXTS, secondsLeft, timeLeftText } from '@shared/class-sessions';
import type { LiveRow } from '@shared/schemas/class-sessions';
import type { SnapshotFrom } from 'xstate';
import type { classLiveMachine } from './machine';

/** What the live view reads from its machine's snapshot (./machine.ts). */

export type LiveSnapshot = SnapshotFrom<typeof classLiveMachine>;

export type LiveFace = 'loading' | 'failed' | 'live';
export const liveFace = (s: LiveSnapshot): LiveFace =>
  s.matches({ stream: 'Failed' }) ? 'failed' : s.context.detail === null ? 'loading' : 'live';

export const isReconnecting = (s: LiveSnapshot): boolean => s.hasTag('reconnecting');
export const isSaving = (s: LiveSnapshot): boolean => s.hasTag('saving');
export const isExtendOpen = (s: LiveSnapshot): boolean => s.matches({ action: 'Extending' });
export const isCloseOpen = (s: LiveSnapshot): boolean => s.matches({ action: 'Closing' });
export const isSessionOpen = (s: LiveSnapshot): boolean => s.context.detail?.status === 'open';
export const hasDeadline = (s: LiveSnapshot): boolean => (s.context.detail?.endsAt ?? null) !== null;

const serverNow = (s: LiveSnapshot) => (s.context.now || Date.now()) + s.context.clockOffset;

/** The session's own time left, as words. */
export const sessionTimeLeft = (s: LiveSnapshot): string => {
  const seconds = secondsLeft(s.context.detail?.endsAt ?? null, serverNow(s));
  return seconds === null ? CLASS_TEXTS.noTimeLimit : timeLeftText(seconds);
};

/** A row's time left: none once handed in. */
export const rowTimeLeft = (s: LiveSnapshot, row: LiveRow): string => {
  if (row.handedIn) return '—';
  const seconds = secondsLeft(row.endsAt, serverNow(s));
  return seconds === null ? CLASS_TEXTS.noTimeLimit : timeLeftText(seconds);
};

export const selectedRow = (s: LiveSnapshot): LiveRow | undefined =>
  s.context.detail?.students.find((row) => row.studentId === s.context.selected);

export const isConversationLoading = (s: LiveSnapshot): boolean =>
  s.matches({ student: { Open: 'Loading' } });

/** The share of the hidden solution elicited, as a percentage ('—' when not measured). */
export const elicitedText = (row: LiveRow): string =>
  row.elicited === null ? '—' : `${Math.round(row.elicited * 100)}%`;
