import type {
  ClassSessionDetail,
  ClassSessionSummary,
  LiveEvent,
  StudentConversation,
} from '@shared/schemas/class-sessions';
import type { ChatMessage } from '@shared/schemas/runner';
import type { Failure } from '../failure';

/**
 * What the instructor's live view (./machine.ts) and its screen agree on: its IO, texts, context
 * and events. The texts both sides show are CLASS_TEXTS (src/shared/class-sessions.ts).
 */

export const LIVE_TEXTS = {
  loading: 'Connecting to the session...',
  reconnecting: 'Connection lost: reconnecting...',
  loadFailed: 'Could not open this class session',
  actionFailed: 'The session could not be changed. Try again.',
  extendTitle: 'Extend time',
  minutes: 'Minutes to add',
  closeTitle: 'Close this session now?',
  closeDescription: 'Students can no longer send messages or hand in; drafts are handed in as they are.',
  conversationFailed: 'Could not load this conversation',
  notLoaded: 'The session is loading',
  saving: 'Saving...',
} as const;

/** What the copy actions copy: the join code, or the join path (the view makes it a link). */
export interface CopyParams {
  what: 'code' | 'link';
  value: string;
}

/** A reconnection's wait after the stream ended or failed (ms). */
export const RECONNECT_MS = 2000;

export interface LiveIo {
  /**
   * Watches the session's events (a callback actor): sends `live.event` for each, and `live.lost`
   * when the stream ends or fails. With `studentId`, that student's messages too.
   */
  watch: { input: { sessionId: string; studentId: string | null } };
  loadConversation: { input: { sessionId: string; studentId: string }; output: StudentConversation };
  extend: { input: { sessionId: string; minutes: number }; output: ClassSessionSummary };
  close: { input: { sessionId: string }; output: ClassSessionSummary };
}

export interface LiveInput {
  sessionId: string;
}

export interface LiveContext {
  sessionId: string;
  detail: ClassSessionDetail | null;
  /** The server's clock minus the browser's (ms), from the last snapshot. */
  clockOffset: number;
  now: number;
  /** The student whose conversation is open, read-only. */
  selected: string | null;
  conversation: ChatMessage[];
  handIn: { draft: string; handIn: string | null } | null;
  conversationError: Failure | null;
  /** The code shown large, for a projector. */
  projector: boolean;
  minutes: string;
  actionError: string | null;
  loadError: Failure | null;
}

export type LiveMachineEvent =
  | { type: 'live.event'; event: LiveEvent; receivedAt: number }
  | { type: 'live.lost'; error?: Failure }
  | { type: 'live.retry' }
  | { type: 'student.open'; studentId: string }
  | { type: 'student.close' }
  | { type: 'projector.toggle' }
  | { type: 'code.copy' }
  | { type: 'link.copy' }
  | { type: 'extend.open' }
  | { type: 'extend.change'; value: string }
  | { type: 'extend.submit' }
  | { type: 'extend.cancel' }
  | { type: 'close.request' }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' }
  | { type: 'clock.tick'; now: number };
