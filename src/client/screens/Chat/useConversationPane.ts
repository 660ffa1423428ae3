import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { type ConversationPaneProps, useChatSend } from './ConversationPane';

/** What differs between the flows behind a conversation: where each keeps what the pane shows. */
export interface ConversationReading<S extends AnyMachineSnapshot> {
  failed: (s: S) => string | null;
  /** Who speaks in the LEIA's bubbles. */
  speaker: (s: S) => string | undefined;
  /** What the status region says now. */
  status: (s: S) => string | null;
  focus: (s: S) => ConversationPaneProps['focus'];
  canSend: (s: S, text: string) => boolean;
  /** The model is answering (Stop shows, the composer waits). */
  replying: (s: S) => boolean;
  /** The typing indicator shows. */
  typing: (s: S) => boolean;
}

/** A flow with a conversation: its messages and the reply streaming in. */
interface ConversationFlow<S> {
  getSnapshot(): S;
  send(event: { type: 'chat.send'; text: string } | { type: 'chat.retry' } | { type: 'chat.stop' }): void;
  subscribe(observer: (snapshot: S) => void): { unsubscribe(): void };
}

/**
 * The ConversationPane's props from a flow: one reading for the chat screen (machines/chat) and a
 * student's session (machines/classStudent), which keep a conversation the same way.
 */
export function useConversationPane<S extends AnyMachineSnapshot & { context: ConversationContext }>(
  actor: ConversationFlow<S>,
  reading: ConversationReading<S>,
): ConversationPaneProps {
  const state = useSelector(
    actor as unknown as AnyActorRef,
    (snapshot: AnyMachineSnapshot) => readPane(snapshot as S, reading),
    shallowEqual,
  );
  const onSend = useChatSend(actor, reading.canSend);
  const onRetry = useCallback(() => actor.send({ type: 'chat.retry' }), [actor]);
  const onStop = useCallback(() => actor.send({ type: 'chat.stop' }), [actor]);
  return { ...state, onSend, onRetry, onStop };
}

const readPane = <S extends AnyMachineSnapshot & { context: ConversationContext }>(
  s: S,
  reading: ConversationReading<S>,
) => ({
  messages: s.context.messages,
  partial: s.context.partial,
  typing: reading.typing(s),
  replying: reading.replying(s),
  failed: reading.failed(s),
  speaker: reading.speaker(s),
  status: reading.status(s),
  focus: reading.focus(s),
});

interface ConversationContext {
  messages: ConversationPaneProps['messages'];
  partial: string;
}
