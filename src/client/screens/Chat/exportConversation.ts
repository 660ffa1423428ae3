import type { ExportFile } from '@client/download';
import type { ChatExportFormat } from '@machines/chat/contract';
import type { ChatMessage } from '@shared/schemas/runner';
import { toTranscriptionMessage } from '@shared/schemas/runner';
import { validateTranscription } from '@shared/schemas/transcription';

/**
 * The two export formats of a conversation. JSON is the transcription format (src/shared/schemas/transcription.ts:
 * [{text, timestamp, isLeia}]), checked with the same schema the activities' JSON editor uses, so
 * an exported file can be pasted there as it is. Markdown is for reading.
 */

export interface ConversationMeta {
  sessionId: string;
  /** The LEIA's name, when the session is known. */
  leiaName?: string;
  exportedAt: Date;
}

export type ExportFormat = ChatExportFormat;

/** The formats as the screen offers them: button 'Markdown', accessible name 'Export as Markdown'. */
export const EXPORT_FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'markdown', label: 'Markdown' },
  { format: 'json', label: 'JSON' },
];

export { downloadFile, type ExportFile } from '@client/download';

export type ExportResult = ({ ok: true } & ExportFile) | { ok: false; errors: string[] };

export const NOTHING_TO_EXPORT = 'There are no messages to export yet';

/** The conversation as a file of the given format, or why it cannot be exported. */
export function exportConversation(
  format: ExportFormat,
  messages: readonly ChatMessage[],
  meta: ConversationMeta,
): ExportResult {
  if (messages.length === 0) return { ok: false, errors: [NOTHING_TO_EXPORT] };
  return format === 'json' ? conversationJson(messages, meta) : conversationMarkdown(messages, meta);
}

/** 'bank-clerk-2025-06-01' (or 'leia-chat-…'): safe on every file system. */
const baseName = ({ leiaName, exportedAt }: ConversationMeta): string => {
  const slug = (leiaName ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'leia-chat'}-${exportedAt.toISOString().slice(0, 10)}`;
};

function conversationJson(messages: readonly ChatMessage[], meta: ConversationMeta): ExportResult {
  // Only the three transcription fields, in their order, whatever else a message object carries.
  const transcription = messages.map(toTranscriptionMessage);
  const checked = validateTranscription(transcription);
  if (!checked.ok) return checked;
  return {
    ok: true,
    fileName: `${baseName(meta)}.json`,
    content: `${JSON.stringify(checked.messages, null, 2)}\n`,
    type: 'application/json',
  };
}

function conversationMarkdown(messages: readonly ChatMessage[], meta: ConversationMeta): ExportResult {
  const leia = meta.leiaName ?? 'LEIA';
  const lines = [
    `# Conversation with ${leia}`,
    '',
    `- Session: ${meta.sessionId}`,
    `- Exported: ${meta.exportedAt.toISOString()}`,
    `- Messages: ${messages.length}`,
  ];
  for (const message of messages.map(toTranscriptionMessage)) {
    lines.push('', `### ${message.isLeia ? leia : 'You'} · ${message.timestamp}`, '', message.text.trim());
  }
  return {
    ok: true,
    fileName: `${baseName(meta)}.md`,
    content: `${lines.join('\n')}\n`,
    type: 'text/markdown',
  };
}
