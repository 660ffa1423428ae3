import { focusOn, useFocusRequest } from '@client/components';
import { useCallback, useRef } from 'react';
import { Composer } from './Composer';
import { MessageList, type MessageListProps } from './MessageList';

export interface ConversationPaneProps extends MessageListProps {
  /** What the status region says of the reply now; the region is always rendered. */
  status: string | null;
  /** The flow's focus request for the message box (see useFocusRequest). */
  focus: { field: 'composer'; ifLost?: boolean } | null;
  /** Sends the text if the flow can take it now; false keeps it in the box. */
  onSend: (text: string) => boolean;
  onStop: () => void;
}

/**
 * The message box's send: the flow takes the text only when it can (`can`, its selector);
 * false keeps the text in the box.
 */
export function useChatSend<S>(
  actor: { getSnapshot(): S; send(event: { type: 'chat.send'; text: string }): void },
  can: (snapshot: S, text: string) => boolean,
): (text: string) => boolean {
  return useCallback(
    (text: string) => {
      if (!can(actor.getSnapshot(), text)) return false;
      actor.send({ type: 'chat.send', text });
      return true;
    },
    [actor, can],
  );
}

/**
 * A conversation with a LEIA as the chat screen and a student's session show it: the status
 * region, the messages (streaming, Retry, Regenerate) and the message box, which keeps the focus
 * after Retry and Stop.
 */
export function ConversationPane({
  status,
  focus,
  onRetry,
  onStop,
  onSend,
  replying,
  ...list
}: ConversationPaneProps) {
  const input = useRef<HTMLTextAreaElement>(null);
  useFocusRequest(focus, { composer: input });
  return (
    <>
      <p className="chat-status visually-hidden" role="status">
        {status}
      </p>
      <MessageList
        {...list}
        replying={replying}
        onRetry={() => {
          onRetry();
          focusOn(input.current);
        }}
      />
      <Composer
        replying={replying}
        onSend={onSend}
        onStop={() => {
          onStop();
          focusOn(input.current);
        }}
        inputRef={input}
      />
    </>
  );
}
