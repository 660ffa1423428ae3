import { Button, RefreshIcon } from '@client/components';
import { CHAT_TEXTS } from '@machines/chat/contract';
import type { ChatMessage } from '@shared/schemas/runner';
import { STOPPED_MARKER } from '@shared/schemas/runner';
import { memo, type ReactNode, useLayoutEffect, useRef } from 'react';

export interface MessageListProps {
  messages: readonly ChatMessage[];
  /** The reply streamed so far ('' when none). */
  partial: string;
  /** Waiting for the first token. */
  typing: boolean;
  /** A reply is on its way (the log is busy until it is complete). */
  replying: boolean;
  /** The last send failed: this notice (and Retry) ends the list. */
  failed: string | null;
  onRetry: () => void;
  /** Who speaks in the LEIA's bubbles: the persona's name ('LEIA' when there is none). */
  speaker?: string;
  /** Regenerate is offered beside a stopped last reply (absent: not now). */
  onRegenerate?: () => void;
}

const LEIA = 'LEIA';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayTimeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Today's messages show the time; older ones the day too. */
const formatTime = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const today = new Date().toDateString() === date.toDateString();
  return (today ? timeFormat : dayTimeFormat).format(date);
};

/** Close enough to the bottom to follow new content; further up, the reader is left alone. */
const PIN_THRESHOLD_PX = 48;

/** Keeps the log scrolled to its end while the reader is there; further up, they are left alone. */
function usePinnedToBottom(growth: string) {
  const scroller = useRef<HTMLElement>(null);
  const pinned = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `growth` changes whenever the content grows
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [growth]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < PIN_THRESHOLD_PX;
  };
  return { scroller, onScroll };
}

/**
 * The conversation: LEIA on the left, the user on the right. A log region (polite live region)
 * announces what is added; while a reply streams the log is busy, so a screen reader reads the
 * finished reply once instead of every token.
 */
export function MessageList({
  messages,
  partial,
  typing,
  replying,
  failed,
  onRetry,
  speaker = LEIA,
  onRegenerate,
}: MessageListProps) {
  const { scroller, onScroll } = usePinnedToBottom(
    `${messages.length}:${partial.length}:${typing}:${failed}`,
  );

  const empty = messages.length === 0 && !replying && failed === null;
  const last = messages[messages.length - 1];
  const settled = !replying && failed === null;
  // A question left without a reply: stopped before the first word (the server stored nothing).
  const unanswered = settled && last !== undefined && !last.isLeia;
  const stoppedLast = settled && last?.isLeia === true && last.stopped === true;
  const regenerate = onRegenerate && (
    <Button size="sm" icon={<RefreshIcon />} onClick={onRegenerate} className="msg__retry">
      {CHAT_TEXTS.regenerate}
    </Button>
  );
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
    <section className="chat-log" ref={scroller} onScroll={onScroll} tabIndex={0} aria-label="Conversation">
      {empty && <p className="chat-log__empty">No messages yet. Say hello to start the conversation.</p>}
      {/* The log wraps the list: an ol given role=log would leave its items outside any list. */}
      <div role="log" aria-live="polite" aria-busy={replying}>
        <ol className="chat-log__list">
          {messages.map((message, index) => (
            <Bubble
              // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end (regenerate drops the last)
              key={index}
              message={message}
              author={message.isLeia ? speaker : 'You'}
              action={stoppedLast && index === messages.length - 1 ? regenerate : undefined}
            />
          ))}
          {unanswered && (
            <li className="msg msg--leia msg--stopped-empty">
              <span className="msg__author">{speaker}</span>
              <div className="msg__text">{CHAT_TEXTS.stoppedEmpty}</div>
              {regenerate}
            </li>
          )}
          {partial !== '' && (
            <li className="msg msg--leia msg--streaming">
              <span className="msg__author">{speaker}</span>
              <div className="msg__text">{partial}</div>
            </li>
          )}
          {typing && (
            <li className="msg msg--leia msg--typing">
              <span className="visually-hidden">{speaker} is typing…</span>
              <span className="typing" aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
            </li>
          )}
          {failed !== null && (
            <li className="msg msg--leia msg--failed">
              <span className="msg__author">{speaker}</span>
              <div className="msg__text">{failed}</div>
              <Button size="sm" icon={<RefreshIcon />} onClick={onRetry} className="msg__retry">
                Retry
              </Button>
            </li>
          )}
        </ol>
      </div>
    </section>
  );
}

/** Finished messages never change: memoised, a streaming reply re-renders only its own bubble. */
const Bubble = memo(function Bubble({
  message,
  author,
  action,
}: {
  message: ChatMessage;
  author: string;
  /** Under the text: Regenerate beside a stopped last reply. */
  action?: ReactNode;
}) {
  return (
    <li className={message.isLeia ? 'msg msg--leia' : 'msg msg--user'}>
      <span className="msg__meta">
        <span className="msg__author">{author}</span>
        <time className="msg__time" dateTime={message.timestamp}>
          {formatTime(message.timestamp)}
        </time>
        {message.stopped && <span className="msg__stopped">{STOPPED_MARKER}</span>}
      </span>
      <div className="msg__text">{message.text}</div>
      {action}
    </li>
  );
});

/** A finished conversation, read only: a transcript, a student's conversation in a report. */
export function ReadOnlyMessages({
  messages,
  speaker,
}: {
  messages: readonly ChatMessage[];
  speaker?: string;
}) {
  return (
    <MessageList
      messages={messages}
      partial=""
      typing={false}
      replying={false}
      failed={null}
      onRetry={() => undefined}
      speaker={speaker}
    />
  );
}
