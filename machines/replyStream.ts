import type { ChatMessage } from '@shared/schemas/runner';

/**
 * A LEIA's reply streaming in, as the chat (machines/chat) and a student's session
 * (machines/classStudent) both receive it. A machine that uses it names, in its setup, the guard
 * `isCurrentRequest` (a delta of the request in flight, not a late one of an earlier request) and
 * the actions `startPartial` and `appendPartial` (the first delta, the next ones).
 */

const at = () => new Date().toISOString();

/** The states of a reply on its way: `...REPLY_STREAM` inside the machine's Replying state. */
export const REPLY_STREAM = {
  initial: 'Sending',
  states: {
    /** Waiting for the first token: the typing indicator. */
    Sending: {
      tags: 'typing',
      on: { 'chat.delta': { guard: 'isCurrentRequest', target: 'Streaming', actions: 'startPartial' } },
    },
    Streaming: {
      on: { 'chat.delta': { guard: 'isCurrentRequest', actions: 'appendPartial' } },
    },
  },
} as const;

/** The conversation once the reply has come. */
export const withReply = (
  messages: ChatMessage[],
  reply: { text: string; timestamp?: string | null },
): ChatMessage[] => [...messages, { text: reply.text, timestamp: reply.timestamp ?? at(), isLeia: true }];

/** The conversation once a reply is stopped: as the server stores it, the text so far marked stopped. */
export const withStoppedReply = (messages: ChatMessage[], partial: string): ChatMessage[] =>
  partial === '' ? messages : [...messages, { text: partial, timestamp: at(), isLeia: true, stopped: true }];
