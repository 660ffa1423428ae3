import { LoadingState, Modal } from '@client/components';
import { CodeBlock } from '@client/components/code/CodeBlock';
import { LIVE_TEXTS } from '@machines/classLive/contract';
import { isConversationLoading, selectedRow } from '@machines/classLive/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { ReadOnlyMessages } from '../Chat/MessageList';
import { ClassLiveActor } from './actors';
import '../Chat/chat.css';

/** One student's conversation, read-only; its messages arrive live as the student chats. */
export function StudentConversationDialog() {
  const actor = ClassLiveActor.useActorRef();
  const row = ClassLiveActor.useSelector(selectedRow);
  const open = ClassLiveActor.useSelector((s) => s.context.selected !== null);
  const loading = ClassLiveActor.useSelector(isConversationLoading);
  const messages = ClassLiveActor.useSelector((s) => s.context.conversation);
  const handIn = ClassLiveActor.useSelector((s) => s.context.handIn);
  const error = ClassLiveActor.useSelector((s) => s.context.conversationError);
  return (
    <Modal
      open={open}
      onClose={() => actor.send({ type: 'student.close' })}
      title={row ? `Conversation of ${row.displayName}` : 'Conversation'}
      description={row ? `${row.leia.name} · ${row.messages} messages` : undefined}
      size="lg"
    >
      {loading && <LoadingState />}
      {error && <p role="alert">{LIVE_TEXTS.conversationFailed}</p>}
      {!loading && (
        <div className="class-live__conversation">
          <ReadOnlyMessages messages={messages} />
        </div>
      )}
      {handIn && (handIn.handIn ?? handIn.draft) !== '' && (
        <section aria-label={handIn.handIn === null ? 'Draft' : CLASS_TEXTS.handedIn}>
          <h3>{handIn.handIn === null ? 'Draft' : CLASS_TEXTS.handedIn}</h3>
          <CodeBlock code={handIn.handIn ?? handIn.draft} format="text" label="Work" />
        </section>
      )}
    </Modal>
  );
}
