import { Button, DownloadIcon, RefreshIcon } from '@client/components';
import type { ChatSessionInfo } from '@machines/chat/contract';
import { EXPORT_FORMATS, type ExportFormat } from './exportConversation';
import { ProviderBadge, ProviderHint } from './ProviderLabel';

export interface ChatToolbarProps {
  session: ChatSessionInfo | null;
  canRegenerate: boolean;
  canExport: boolean;
  onRegenerate: () => void;
  onExport: (format: ExportFormat) => void;
  /** The id of the actions, which a phone shows only while 'Actions' is expanded (ChatActionsToggle). */
  actionsId: string;
}

/** Above the conversation: which LEIA and who answers, Regenerate and the exports. */
export function ChatToolbar({
  session,
  canRegenerate,
  canExport,
  onRegenerate,
  onExport,
  actionsId,
}: ChatToolbarProps) {
  return (
    <div className="chat-toolbar">
      <div className="chat-toolbar__about">
        {session?.leia.name && <span className="chat-toolbar__name">{session.leia.name}</span>}
        {session && <ProviderBadge session={session} />}
      </div>
      <div className="chat-toolbar__actions chat-collapsible" id={actionsId}>
        <Button
          size="sm"
          variant="ghost"
          icon={<RefreshIcon />}
          disabled={!canRegenerate}
          onClick={onRegenerate}
        >
          Regenerate
        </Button>
        {EXPORT_FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            size="sm"
            variant="ghost"
            icon={<DownloadIcon />}
            disabled={!canExport}
            onClick={() => onExport(format)}
            aria-label={`Export as ${label}`}
          >
            {label}
          </Button>
        ))}
      </div>
      {session && <ProviderHint session={session} />}
    </div>
  );
}
