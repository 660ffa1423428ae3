import { Button, SendIcon, StopIcon } from '@client/components';
import {
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** The box grows with its text up to 150 px, then scrolls. */
export const CHAT_INPUT_MAX_HEIGHT = 150;
export const CHAT_PLACEHOLDER = 'Type a message... (Shift+Enter for new line)';

export interface ComposerProps {
  /** A reply is on its way: the Send button becomes Stop. */
  replying: boolean;
  /** Offers the text; true when it was sent (the box is then cleared). */
  onSend: (text: string) => boolean;
  onStop: () => void;
  /** The box, for the screen to give the focus back to (after Retry or Stop, whose buttons go). */
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The message box: Enter sends, Shift+Enter adds a line (and Enter while an input method is
 * composing a character does neither). The draft is the box's own: it is not business state
 * until it is sent, and the user may type the next message while a reply streams.
 */
export function Composer({ replying, onSend, onStop, inputRef }: ComposerProps) {
  const [draft, setDraft] = useState('');
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const box = inputRef ?? ownRef;
  const hintId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text, measured from the element
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    // Measure the text's own height: shrink first, or the box could only ever grow.
    element.style.height = 'auto';
    const height = Math.min(element.scrollHeight, CHAT_INPUT_MAX_HEIGHT);
    element.style.height = `${height}px`;
    element.style.overflowY = element.scrollHeight > CHAT_INPUT_MAX_HEIGHT ? 'auto' : 'hidden';
  }, [draft]);

  const submit = () => {
    if (onSend(draft)) setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <form className="composer" onSubmit={onSubmit}>
      <div className="composer__box">
        <textarea
          ref={box}
          className="composer__input"
          aria-label="Message"
          aria-describedby={hintId}
          placeholder={CHAT_PLACEHOLDER}
          rows={1}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          // biome-ignore lint/a11y/noAutofocus: the chat screen exists to type into this box
          autoFocus
        />
        {replying ? (
          <Button variant="secondary" icon={<StopIcon />} onClick={onStop} className="composer__button">
            Stop
          </Button>
        ) : (
          <Button
            type="submit"
            variant="primary"
            icon={<SendIcon />}
            disabled={draft.trim() === ''}
            className="composer__button"
          >
            Send
          </Button>
        )}
      </div>
      <p className="composer__hint" id={hintId}>
        Enter sends · Shift+Enter adds a line{replying ? ' · Esc stops the reply' : ''}
      </p>
    </form>
  );
}
