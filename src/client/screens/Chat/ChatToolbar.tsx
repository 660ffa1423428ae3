import { ActionButton } from '@client/actions/ActionButton';
import { DownloadIcon, RefreshIcon } from '@client/components';
import { EXPORT_ACTIONS, regenerateReply } from '@machines/chat/actions';
import type { ChatSessionInfo } from '@machines/chat/contract';
import { ChatActor } from './actors';
import { ProviderBadge, ProviderHint } from './ProviderLabel';

export interface ChatToolbarProps {
  session: ChatSessionInfo | null;
  /** The id of the actions, which a phone shows only while 'Actions' is expanded (ChatActionsToggle). */
  actionsId: string;
}

/**
 * Above the conversation: which LEIA and who answers, Regenerate and the exports (the chat's
 * actions, machines/chat/actions.ts).
 */
export function ChatToolbar({ session, actionsId }: ChatToolbarProps) {
  const actor = ChatActor.useActorRef();
  return (
    <div className="chat-toolbar">
      <div className="chat-toolbar__about">
        {session?.leia.name && <span className="chat-toolbar__name">{session.leia.name}</span>}
        {session && <ProviderBadge session={session} />}
      </div>
      <div className="chat-toolbar__actions chat-collapsible" id={actionsId}>
        <ActionButton
          flow={actor}
          action={regenerateReply}
          size="sm"
          variant="ghost"
          icon={<RefreshIcon />}
        />
        {EXPORT_ACTIONS.map((action) => (
          <ActionButton
            key={action.id}
            flow={actor}
            action={action}
            size="sm"
            variant="ghost"
            icon={<DownloadIcon />}
            aria-label={action.title}
          />
        ))}
      </div>
      {session && <ProviderHint session={session} />}
    </div>
  );
}
