import { ActionButton } from '@client/actions/ActionButton';
import {
  ArrowLeftIcon,
  BookIcon,
  Button,
  ChevronDownIcon,
  ClipboardIcon,
  cx,
  ErrorState,
  LoadingState,
  LogoMark,
} from '@client/components';
import { useDocumentTitle } from '@client/components/useDocumentTitle';
import { EvaluationActors } from '@client/evaluation/actors';
import { EvaluationReportModal } from '@client/evaluation/EvaluationReportModal';
import { type ChatNavigationState, readChatNavigationState } from '@client/runner/navigation';
import { evaluateConversation, regenerateReply, stopReply } from '@machines/chat/actions';
import { CHAT_STATUS_TEXTS, CHAT_TEXTS } from '@machines/chat/contract';
import {
  type ChatSnapshot,
  canSend,
  chatView,
  failedNotice,
  isReplying,
  isTyping,
} from '@machines/chat/selectors';
import { failureMessage, failureStatus } from '@machines/failure';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { ChatActor, ChatActors } from './actors';
import { ChatToolbar } from './ChatToolbar';
import { ConversationPane } from './ConversationPane';
import { SaveTranscription } from './SaveTranscription';
import { useChatCommands } from './useChatCommands';
import { type ConversationReading, useConversationPane } from './useConversationPane';
import { useEscapeToStop } from './useEscapeToStop';
import { useEvaluateConversation } from './useEvaluateConversation';
import { useFinishConversation } from './useFinishConversation';
import './chat.css';
import { ROUTES } from '@client/routes';
import { PrimaryNav } from '@client/shell/PrimaryNav';

export const CHAT_TITLE = 'Chat';
export const CHAT_SUBTITLE = 'Test and interact with a LEIA configuration';

/**
 * The chat screen (route /chat/{sessionId}), without the avatar menu but with the primary
 * navigation and the logo as a link home. The
 * conversation is the chat machine's (machines/chat/machine.ts); this view renders its snapshot and sends
 * it events. A new session id is a new screen (and a new machine).
 */
export function Chat() {
  const { sessionId = '' } = useParams<{ sessionId: string }>();
  return <ChatSession key={sessionId} sessionId={sessionId} />;
}

export default Chat;

function ChatSession({ sessionId }: { sessionId: string }) {
  return (
    <ChatActors sessionId={sessionId}>
      <EvaluationActors>
        <ChatSessionView />
      </EvaluationActors>
    </ChatActors>
  );
}

function ChatSessionView() {
  const historyState: unknown = useHistoryState();
  const navigation = useMemo(() => readChatNavigationState(historyState), [historyState]);
  const actor = ChatActor.useActorRef();
  const view = ChatActor.useSelector(chatView);
  const session = ChatActor.useSelector((s) => s.context.session);
  const stoppable = ChatActor.useSelector((s) => s.can(stopReply.event()));
  useDocumentTitle(session?.leia.name ? `Chat: ${session.leia.name}` : 'Chat');
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const instructionsId = useId();
  // On a phone the secondary actions fold under 'Actions' (chat.css), so the messages get the height.
  const [actionsOpen, setActionsOpen] = useState(false);
  const headerActionsId = useId();
  const toolbarActionsId = useId();

  const finish = useFinishConversation(navigation);
  useEvaluateConversation();
  const toggleInstructions = useCallback(() => setInstructionsOpen((open) => !open), []);
  useChatCommands({ instructionsOpen, finish, toggleInstructions });
  useEscapeToStop(stoppable, () => actor.send(stopReply.event()));

  const problemDescription = navigation.problemDescription ?? session?.leia.problemDescription;

  return (
    <div className={cx('chat-screen', actionsOpen && 'chat-screen--actions-open')}>
      <ChatHeader
        actionsOpen={actionsOpen}
        onToggleActions={() => setActionsOpen((open) => !open)}
        ids={{
          headerActions: headerActionsId,
          toolbarActions: toolbarActionsId,
          instructions: instructionsId,
        }}
        instructionsOpen={instructionsOpen}
        onToggleInstructions={toggleInstructions}
        navigation={navigation}
        onFinish={finish}
      />

      <main id="main" className="chat-main" tabIndex={-1}>
        {instructionsOpen && (
          <section id={instructionsId} className="chat-instructions" aria-label="Instructions">
            <h2 className="chat-instructions__title">Instructions</h2>
            <p className="chat-instructions__text">
              {problemDescription || (view === 'loading' ? 'Loading...' : 'No description available')}
            </p>
          </section>
        )}
        {view === 'loading' && <LoadingState text={CHAT_TEXTS.loading} />}
        {view === 'failed' && <LoadError />}
        {view === 'chat' && (
          <>
            <ChatToolbar session={session} actionsId={toolbarActionsId} />
            <Conversation />
          </>
        )}
      </main>
      <EvaluationReportModal />
    </div>
  );
}

interface ChatHeaderProps {
  actionsOpen: boolean;
  onToggleActions: () => void;
  ids: { headerActions: string; toolbarActions: string; instructions: string };
  instructionsOpen: boolean;
  onToggleInstructions: () => void;
  navigation: ChatNavigationState;
  onFinish: () => void;
}

/**
 * The chat's header: the logo (a link home), the title, the actions (on a phone the secondary ones
 * fold under 'Actions') and Finish Conversation, and under them the app's primary navigation.
 */
function ChatHeader({
  actionsOpen,
  onToggleActions,
  ids,
  instructionsOpen,
  onToggleInstructions,
  navigation,
  onFinish,
}: ChatHeaderProps) {
  const navId = useId();
  const chat = ChatActor.useActorRef();
  return (
    <header className="chat-header">
      <div className="chat-header__inner">
        <Link href={ROUTES.search} className="chat-header__brand" aria-label="LEIA Designer, home">
          <LogoMark size={32} />
        </Link>
        <div className="chat-header__heading">
          <h1 className="chat-header__title">{CHAT_TITLE}</h1>
          <p className="chat-header__subtitle">{CHAT_SUBTITLE}</p>
        </div>
        <div className="chat-header__actions">
          <Button
            className="chat-actions-toggle"
            icon={<ChevronDownIcon />}
            aria-expanded={actionsOpen}
            aria-controls={`${ids.headerActions} ${ids.toolbarActions} ${navId}`}
            onClick={onToggleActions}
          >
            Actions
          </Button>
          <div className="chat-header__more chat-collapsible" id={ids.headerActions}>
            <Button
              icon={<BookIcon />}
              aria-expanded={instructionsOpen}
              aria-controls={ids.instructions}
              onClick={onToggleInstructions}
            >
              {instructionsOpen ? 'Hide Instructions' : 'Instructions'}
            </Button>
            <SaveTranscription navigation={navigation} />
            <ActionButton flow={chat} action={evaluateConversation} icon={<ClipboardIcon />} />
          </div>
          <Button variant="primary" onClick={onFinish}>
            Finish Conversation
          </Button>
        </div>
      </div>
      {/* The app's navigation; on a phone it folds under 'Actions' with the secondary actions. */}
      <PrimaryNav id={navId} className="chat-header__nav chat-collapsible" />
    </header>
  );
}

/** Where the chat keeps what its conversation pane shows. */
const CHAT_READING: ConversationReading<ChatSnapshot> = {
  failed: failedNotice,
  speaker: (s) => s.context.session?.leia.personaName,
  status: (s) => s.context.status && CHAT_STATUS_TEXTS[s.context.status],
  focus: (s) => s.context.focus,
  canSend,
  replying: isReplying,
  typing: isTyping,
};

function Conversation() {
  const actor = ChatActor.useActorRef();
  const pane = useConversationPane(actor, CHAT_READING);
  const canRegenerate = ChatActor.useSelector((s) => s.can(regenerateReply.event()));
  const offline = ChatActor.useSelector((s) => s.context.offline);

  return (
    <>
      {offline && (
        <p className="chat-banner" role="status">
          {CHAT_TEXTS.offline}
        </p>
      )}
      <ConversationPane
        {...pane}
        onRegenerate={canRegenerate ? () => actor.send(regenerateReply.event()) : undefined}
      />
    </>
  );
}

function LoadError() {
  const actor = ChatActor.useActorRef();
  const [, navigate] = useLocation();
  const error = ChatActor.useSelector((s) => s.context.loadError);
  const notFound = failureStatus(error) === 404;
  return (
    <div className="chat-error">
      <ErrorState
        title={CHAT_TEXTS.loadFailed}
        message={
          notFound ? CHAT_TEXTS.notFound : failureMessage(error, 'Check your connection, then try again.')
        }
        onRetry={notFound ? undefined : () => actor.send({ type: 'chat.reload' })}
      />
      <Button icon={<ArrowLeftIcon />} onClick={() => navigate(ROUTES.search)}>
        Back to Search
      </Button>
    </div>
  );
}
