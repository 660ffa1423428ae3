import type { ChatMessage, RunnerSession } from '@shared/schemas/runner';
import type { Failure } from '../failure';

/** What the chat machine (./machine.ts) and the chat screen agree on: its texts, input, context and events. */

export const CHAT_TEXTS = {
  failedSend: 'Your message is taking a bit longer to send. Retry?',
  loading: 'Loading conversation...',
  loadFailed: 'Could not load this chat session',
  notFound: 'This chat session does not exist, or it belongs to someone else.',
  offline: 'You are offline: this is the conversation as this browser last saw it.',
  /** Under a question whose reply was stopped before its first word (nothing was stored). */
  stoppedEmpty: 'Stopped before any words',
  regenerate: 'Regenerate',
  exportFailed: 'Could not export the conversation',
} as const;

/** What the screen's status region says when a reply ends or starts again (for screen readers). */
export const CHAT_STATUS_TEXTS = {
  replied: 'LEIA has replied.',
  stopped: 'Reply stopped.',
  failed: 'The reply failed: Retry, or send your message again.',
  regenerating: 'Regenerating the reply…',
} as const;
export type ChatStatus = keyof typeof CHAT_STATUS_TEXTS;

/**
 * Where the focus goes when a reply starts, ends or fails: the message box, unless the user has
 * put it somewhere useful meanwhile (`ifLost`, see useFocusRequest). A new object each time.
 */
export interface ChatFocusRequest {
  field: 'composer';
  ifLost: true;
}

/** What the screen shows about the session besides its messages. */
export type ChatSessionInfo = Pick<RunnerSession, 'provider' | 'model' | 'leia' | 'experimentContext'>;

export interface LoadedSession {
  session: ChatSessionInfo;
  messages: ChatMessage[];
}

/** What local storage keeps: the current session's messages only. */
export interface StoredChat {
  sessionId: string;
  messages: ChatMessage[];
}

export type ReplyMode = 'send' | 'regenerate';

/** What a failed request needs to be made again. */
export interface PendingReply {
  mode: ReplyMode;
  /** The user's text for 'send'; '' for 'regenerate'. */
  text: string;
}

export interface ReplyInput extends PendingReply {
  sessionId: string;
  /** Called with each piece of the reply as it streams. */
  onDelta: (text: string) => void;
}

export interface ReplyOutput {
  /** The whole reply. */
  text: string;
  /** When the server stored it; now when absent. */
  timestamp?: string;
}

export interface ChatInput {
  sessionId: string;
  /** What local storage held when the screen opened (any session). */
  stored?: StoredChat | null;
}

export interface ChatContext {
  sessionId: string;
  session: ChatSessionInfo | null;
  messages: ChatMessage[];
  /** The reply streamed so far (Replying.Streaming). */
  partial: string;
  /** The request in flight, or the one that failed (Failed). */
  pending: PendingReply | null;
  /** Numbers the requests; deltas of any other request are ignored. */
  requestId: number;
  /** This session's stored messages, the fallback when the server cannot be reached. */
  fallback: ChatMessage[] | null;
  /** Showing the stored copy because the server could not be reached. */
  offline: boolean;
  loadError: Failure | null;
  /** The last reply was refused by a fair-use limit: what was limited and when to retry. */
  limited: string | null;
  /** The last outcome the status region announces; null before any. */
  status: ChatStatus | null;
  focus: ChatFocusRequest | null;
}

export type ChatExportFormat = 'markdown' | 'json';

/** What the `download` action writes as a file: the conversation in one format. */
export interface ChatExport {
  format: ChatExportFormat;
  sessionId: string;
  leiaName?: string;
  messages: ChatMessage[];
}

export type ChatEvent =
  | { type: 'chat.send'; text: string }
  | { type: 'chat.retry' }
  | { type: 'chat.stop' }
  | { type: 'chat.regenerate' }
  | { type: 'chat.delta'; requestId: number; text: string }
  | { type: 'chat.reload' }
  /** Download the conversation as a file (while it has messages). */
  | { type: 'chat.export'; format: ChatExportFormat }
  /** The conversation could not be written as a file: what was wrong with it. */
  | { type: 'chat.exportRefused'; errors: readonly string[] }
  /** The report of the conversation (once the LEIA has replied, not while a reply streams). */
  | { type: 'chat.evaluate' };

/** What the chat asks the screen to open once it takes chat.evaluate (the evaluation is its own actor). */
export interface ChatEvaluate {
  type: 'evaluate';
  sessionId: string;
  /** The LEIA's name, the report's heading. */
  about: string;
}
