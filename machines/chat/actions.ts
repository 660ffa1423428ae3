import { actionsOf } from '../action';
import { CHAT_TRANSCRIPTION_TEXTS, type ChatTranscriptionEvent } from '../chatTranscription';
import { EVALUATION_VIEW_TEXTS } from '../evaluation';
import { CHAT_TEXTS, type ChatEvent, type ChatExportFormat } from './contract';
import { type ChatSnapshot, isReplying } from './selectors';

/**
 * What a user can do to a chat's conversation, each defined once (machines/action.ts): the
 * toolbar's buttons, the palette's commands and the '?' help come from these. When each is
 * available is the machine's guards (./machine.ts), read with `snapshot.can`.
 */

const GROUP = 'Chat';
const defineAction = actionsOf<ChatEvent, ChatSnapshot>();

/** Why a chat action cannot run now (the palette shows it greyed with this reason). */
export const CHAT_ACTION_TEXTS = {
  replying: 'A reply is on its way',
  nothingToRegenerate: 'No reply to regenerate yet',
  notReplying: 'No reply is on its way',
  nothingToExport: 'Nothing to export yet',
  nothingToRetry: 'No failed reply to retry',
} as const;

export const regenerateReply = defineAction({
  id: 'chat.regenerate',
  label: CHAT_TEXTS.regenerate,
  title: 'Regenerate reply',
  group: GROUP,
  keywords: ['again', 'retry', 'redo', 'answer'],
  type: 'chat.regenerate',
  event: () => ({ type: 'chat.regenerate' }),
  unavailable: (s) => (isReplying(s) ? CHAT_ACTION_TEXTS.replying : CHAT_ACTION_TEXTS.nothingToRegenerate),
});

export const stopReply = defineAction({
  id: 'chat.stop',
  label: 'Stop',
  title: 'Stop reply',
  group: GROUP,
  keywords: ['cancel', 'abort'],
  shortcut: 'Esc',
  type: 'chat.stop',
  event: () => ({ type: 'chat.stop' }),
  unavailable: CHAT_ACTION_TEXTS.notReplying,
});

export const retryReply = defineAction({
  id: 'chat.retry',
  label: 'Retry',
  title: 'Retry reply',
  group: GROUP,
  type: 'chat.retry',
  event: () => ({ type: 'chat.retry' }),
  unavailable: CHAT_ACTION_TEXTS.nothingToRetry,
});

const exportAs = (format: ChatExportFormat, label: string, keywords: string[]) =>
  defineAction({
    id: format === 'json' ? 'chat.exportJson' : 'chat.exportMarkdown',
    label,
    title: `Export as ${label}`,
    group: GROUP,
    keywords: ['download', 'save', ...keywords, 'conversation'],
    type: 'chat.export',
    event: () => ({ type: 'chat.export', format }),
    unavailable: CHAT_ACTION_TEXTS.nothingToExport,
  });

export const exportMarkdown = exportAs('markdown', 'Markdown', ['md']);
export const exportJson = exportAs('json', 'JSON', ['transcription']);

/** The exports, in the toolbar's and the palette's order. */
export const EXPORT_ACTIONS = [exportMarkdown, exportJson] as const;

/** The chat's actions without a target whose availability the palette shows. */
export const CHAT_ACTIONS = [regenerateReply, stopReply, ...EXPORT_ACTIONS] as const;

/** The report of the conversation (the E key too); the chat emits what the screen opens. */
export const evaluateConversation = defineAction({
  id: 'chat.evaluate',
  label: EVALUATION_VIEW_TEXTS.button,
  title: EVALUATION_VIEW_TEXTS.command,
  group: GROUP,
  keywords: ['report', 'coverage', 'score', 'solution', 'revealed', 'elicitation'],
  shortcut: 'e',
  type: 'chat.evaluate',
  event: () => ({ type: 'chat.evaluate' }),
  unavailable: (s) => (isReplying(s) ? EVALUATION_VIEW_TEXTS.replying : EVALUATION_VIEW_TEXTS.nothingYet),
});

/** 'Save Transcription' of a chat recorded for an activity's LEIA (its own flow: chatTranscription). */
export const saveTranscription = actionsOf<ChatTranscriptionEvent>()<Omit<ChatTranscriptionEvent, 'type'>>({
  id: 'chat.saveTranscription',
  label: CHAT_TRANSCRIPTION_TEXTS.button,
  title: 'Save transcription',
  group: GROUP,
  keywords: ['activity', 'record', 'transcription'],
  type: 'save',
  event: ({ messages, recording }) => ({ type: 'save', messages, recording }),
  unavailable: CHAT_TRANSCRIPTION_TEXTS.saving,
});
