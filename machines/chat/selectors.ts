import type { SnapshotFrom } from 'xstate';
import { CHAT_TEXTS } from './contract';
import type { chatMachine } from './machine';

/* Selectors: what the chat screen reads from a conversation's snapshot. */

export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;

/** Which of the screen's three faces to show. */
export type ChatView = 'loading' | 'failed' | 'chat';
export const chatView = (s: ChatSnapshot): ChatView =>
  s.hasTag('loading') ? 'loading' : s.matches('LoadFailed') ? 'failed' : 'chat';

/** The notice that ends the list after a failed reply (Failed), or null. */
export const failedNotice = (s: ChatSnapshot): string | null =>
  s.matches('Failed') ? (s.context.limited ?? CHAT_TEXTS.failedSend) : null;

/** Whether a message may be sent now (the view clears the box only when it was). */
export const canSend = (s: ChatSnapshot, text: string): boolean => s.can({ type: 'chat.send', text });

/** The model is answering (the composer waits, the evaluate command is disabled). */
export const isReplying = (s: ChatSnapshot): boolean => s.hasTag('replying');
/** The typing indicator shows. */
export const isTyping = (s: ChatSnapshot): boolean => s.hasTag('typing');
