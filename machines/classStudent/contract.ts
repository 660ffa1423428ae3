import type { StudentReport } from '@shared/schemas/class-report';
import type { JoinInfo, JoinResponse, StudentView } from '@shared/schemas/class-sessions';
import type { ChatMessage } from '@shared/schemas/runner';
import type { Failure } from '../failure';

/**
 * What the student's flow (./machine.ts) and the student screen agree on: its IO, texts, input,
 * context and events. The texts both sides show are CLASS_TEXTS (src/shared/class-sessions.ts).
 */

export const STUDENT_FLOW_TEXTS = {
  checking: 'Loading your session...',
  loadFailed: 'Could not load your session',
  joinFailed: 'Could not join the session. Check your connection, then try again.',
  failedSend: 'Your message is taking a bit longer to send. Retry?',
  draftFailed: 'Your draft could not be saved: it will be saved again as you type',
  handInFailed: 'Could not hand in your work. Try again.',
  joinAnother: 'Join another session',
  changeCode: 'Change code',
  continue: 'Continue',
  reportLoading: 'Loading your report...',
  reportFailed: 'Could not load your report',
  retryReport: 'Load the report again',
} as const;

/** After a lost stream of the session's events, it is opened again this much later. */
export const EVENTS_RECONNECT_MS = 2000;

/** What the status region says when a reply ends (for screen readers), as the Chat screen does. */
export const STUDENT_CHAT_STATUS = {
  replied: 'LEIA has replied.',
  stopped: 'Reply stopped.',
  failed: 'The reply failed: Retry, or send your message again.',
} as const;
export type StudentChatStatus = keyof typeof STUDENT_CHAT_STATUS;

export type JoinField = 'code' | 'displayName' | 'email';
export type StudentFocusField = JoinField | 'composer';
export interface StudentFocusRequest {
  field: StudentFocusField;
  ifLost?: true;
}

/** A view as the server answered it, with the local clock's time when it arrived. */
export interface LoadedView {
  view: StudentView;
  receivedAt: number;
}
export interface Joined extends LoadedView {
  resumePath: JoinResponse['resumePath'];
}

/** The IO the app provides (stubs in the machine): each rejects with a Failure. */
export interface StudentIo {
  loadMe: { input: undefined; output: LoadedView };
  resume: { input: { token: string }; output: LoadedView };
  joinInfo: { input: { code: string }; output: JoinInfo };
  join: { input: { code: string; displayName?: string; email?: string }; output: Joined };
  reply: {
    input: { text: string; onDelta: (text: string) => void };
    output: { text: string; timestamp?: string };
  };
  saveDraft: { input: { text: string }; output: { savedAt: string } };
  handIn: { input: { text: string }; output: LoadedView };
  /** The student's own report (STUDENT_PATHS.report), once handed in. */
  loadReport: { input: undefined; output: StudentReport };
}

export interface StudentInput {
  /** The code of the join link (/join/{code}), if any. */
  code?: string;
  /** The token of a resume link (/resume#{token}), if any. */
  resumeToken?: string;
}

export interface StudentContext {
  // Join form
  code: string;
  displayName: string;
  email: string;
  info: JoinInfo | null;
  resumeToken: string | null;
  /** A refusal about the whole form (a closed session, a limit); field errors are apart. */
  formError: string | null;
  fieldErrors: Partial<Record<JoinField, string>>;
  // The session
  view: StudentView | null;
  /** The resume link's path, shown once after the join (null once dismissed, or after a reload). */
  resumePath: string | null;
  /** The server's clock minus the browser's (ms): the countdown follows the server's. */
  clockOffset: number;
  /** The browser's clock at the last tick. */
  now: number;
  /** The last time-left announcement for screen readers (at 5 and 1 minutes). */
  announcement: string | null;
  /** The announcements made or passed already (minutes). */
  announced: number[];
  loadError: Failure | null;
  // Conversation
  messages: ChatMessage[];
  partial: string;
  /** The message whose reply is on its way or failed: what Retry sends again. */
  pending: string | null;
  requestId: number;
  chatStatus: StudentChatStatus | null;
  /** A refusal of the last message (a limit, the session's end...), shown instead of the generic one. */
  chatError: string | null;
  // Hand-in
  draft: string;
  draftSavedAt: string | null;
  draftError: string | null;
  handInError: string | null;
  // After hand-in
  /** The student's own report, when the session shows reports. */
  report: StudentReport | null;
  reportError: string | null;
  focus: StudentFocusRequest | null;
}

export type StudentEvent =
  | { type: 'join.change'; field: JoinField; value: string }
  | { type: 'join.submitCode' }
  | { type: 'join.submit' }
  | { type: 'join.back' }
  | { type: 'join.another' }
  | { type: 'load.retry' }
  | { type: 'resume.dismiss' }
  | { type: 'chat.send'; text: string }
  | { type: 'chat.stop' }
  | { type: 'chat.retry' }
  | { type: 'chat.delta'; requestId: number; text: string }
  | { type: 'draft.change'; text: string }
  | { type: 'handIn.submit' }
  | { type: 'report.retry' }
  | { type: 'clock.tick'; now: number }
  // The session's events (STUDENT_PATHS.events), with the browser's time when each arrived.
  | { type: 'session.extended'; endsAt: string | null; serverNow: string; receivedAt: number }
  | { type: 'session.closed'; view: StudentView; receivedAt: number }
  /** The stream ended or failed (the error when it was refused). */
  | { type: 'session.lost'; error?: Failure };
