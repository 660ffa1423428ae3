import { formatDateTime } from '@client/format';
import { CSV_SPEAKERS } from '@shared/activity-export';
import type { TranscriptionMessage } from '@shared/schemas/transcription';

/**
 * A transcription as a read-only chat: the LEIA on the left, the other party (the interviewer) on
 * the right, each message with its speaker and time. Speakers are named as in the CSV export.
 */
export function MessagesView({
  messages,
  label,
}: {
  messages: readonly TranscriptionMessage[];
  label: string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
    <ol className="transcript" aria-label={label} tabIndex={0}>
      {messages.map((message, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list; its order is its identity
          key={index}
          className={
            message.isLeia
              ? 'transcript__msg transcript__msg--leia'
              : 'transcript__msg transcript__msg--other'
          }
        >
          <span className="transcript__meta">
            <span className="transcript__speaker">
              {message.isLeia ? CSV_SPEAKERS.leia : CSV_SPEAKERS.interviewer}
            </span>
            <time dateTime={message.timestamp}>{formatDateTime(message.timestamp)}</time>
          </span>
          <p className="transcript__text">{message.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The two lines a panel shows when there is nothing to list. */
export function Placeholder({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="state">
      <p className="state__title">{title}</p>
      {hint && <p className="state__text">{hint}</p>}
    </div>
  );
}
