import { STUDENT_CHAT_STATUS } from '@machines/classStudent/contract';
import {
  canSendMessage,
  chatFailedNotice,
  isReplying,
  isTyping,
  type StudentSnapshot,
} from '@machines/classStudent/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { ConversationPane, type ConversationPaneProps } from '../Chat/ConversationPane';
import { ReadOnlyMessages } from '../Chat/MessageList';
import { type ConversationReading, useConversationPane } from '../Chat/useConversationPane';
import { useEscapeToStop } from '../Chat/useEscapeToStop';
import { StudentActor } from './actors';

/** Where a student's session keeps what its conversation pane shows. */
const STUDENT_READING: ConversationReading<StudentSnapshot> = {
  failed: chatFailedNotice,
  speaker: (s) => s.context.view?.leia.personaName,
  status: (s) => s.context.chatStatus && STUDENT_CHAT_STATUS[s.context.chatStatus],
  focus: (s) =>
    s.context.focus?.field === 'composer' ? (s.context.focus as ConversationPaneProps['focus']) : null,
  canSend: canSendMessage,
  replying: isReplying,
  typing: isTyping,
};

/** The conversation with the student's LEIA: streaming, Stop (Esc) and Retry, as the Chat screen. */
export function StudentConversation() {
  const actor = StudentActor.useActorRef();
  const pane = useConversationPane(actor, STUDENT_READING);
  useEscapeToStop(pane.replying, pane.onStop);
  return (
    <div className="student-chat">
      <ConversationPane {...pane} />
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
