import { STUDENT_CHAT_STATUS } from '@machines/classStudent/contract';
import { canSendMessage, chatFailedNotice, isReplying, isTyping } from '@machines/classStudent/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { useCallback } from 'react';
import { ConversationPane, useChatSend } from '../Chat/ConversationPane';
import { ReadOnlyMessages } from '../Chat/MessageList';
import { useEscapeToStop } from '../Chat/useEscapeToStop';
import { StudentActor } from './actors';

/** The conversation with the student's LEIA: streaming, Stop (Esc) and Retry, as the Chat screen. */
export function StudentConversation() {
  const actor = StudentActor.useActorRef();
  const messages = StudentActor.useSelector((s) => s.context.messages);
  const partial = StudentActor.useSelector((s) => s.context.partial);
  const typing = StudentActor.useSelector(isTyping);
  const replying = StudentActor.useSelector(isReplying);
  const failed = StudentActor.useSelector(chatFailedNotice);
  const speaker = StudentActor.useSelector((s) => s.context.view?.leia.personaName);
  const status = StudentActor.useSelector((s) => s.context.chatStatus);
  const focus = StudentActor.useSelector((s) =>
    s.context.focus?.field === 'composer' ? s.context.focus : null,
  );
  const stop = useCallback(() => actor.send({ type: 'chat.stop' }), [actor]);
  useEscapeToStop(replying, stop);
  const send = useChatSend(actor, canSendMessage);
  return (
    <div className="student-chat">
      <ConversationPane
        messages={messages}
        partial={partial}
        typing={typing}
        replying={replying}
        failed={failed}
        speaker={speaker}
        status={status && STUDENT_CHAT_STATUS[status]}
        focus={focus as { field: 'composer'; ifLost?: boolean } | null}
        onSend={send}
        onRetry={() => actor.send({ type: 'chat.retry' })}
        onStop={stop}
      />
    </div>
  );
}

/** Transcription mode: the student reads the interview (or opens its link) and cannot type. */
export function TranscriptView() {
  const transcript = StudentActor.useSelector((s) => s.context.view?.transcript ?? null);
  const speaker = StudentActor.useSelector((s) => s.context.view?.leia.personaName);
  return (
    <div className="student-chat">
      <p className="student-transcript__note">{CLASS_TEXTS.transcriptionOnly}</p>
      {transcript && 'link' in transcript && (
        <a
          className="btn btn--secondary btn--md"
          href={transcript.link}
          target="_blank"
          rel="noopener noreferrer"
        >
          {CLASS_TEXTS.openTranscript}
        </a>
      )}
      {transcript && 'messages' in transcript && (
        <ReadOnlyMessages messages={transcript.messages} speaker={speaker} />
      )}
    </div>
  );
}
