import { type Command, usePaletteCommands } from '@client/palette';
import { useMemo } from 'react';
import type { ExportFormat } from './exportConversation';

export interface ChatCommandState {
  instructionsOpen: boolean;
  canRegenerate: boolean;
  replying: boolean;
  canExport: boolean;
}

export interface ChatCommandHandlers {
  finish: () => void;
  toggleInstructions: () => void;
  regenerate: () => void;
  stop: () => void;
  exportAs: (format: ExportFormat) => void;
}

/** Why a chat command cannot run now (the palette shows it greyed with this reason). */
export const CHAT_COMMAND_REASONS = {
  replying: 'A reply is on its way',
  nothingToRegenerate: 'No reply to regenerate yet',
  notReplying: 'No reply is on its way',
  nothingToExport: 'Nothing to export yet',
} as const;

/**
 * The chat's palette commands: the screen's buttons, each disabled with its reason while it
 * cannot act (Stop while no reply streams, Regenerate before there is a reply).
 */
export function useChatCommands(state: ChatCommandState, handlers: ChatCommandHandlers) {
  const { instructionsOpen, canRegenerate, replying, canExport } = state;
  const commands = useMemo(
    () => chatCommands({ instructionsOpen, canRegenerate, replying, canExport }, handlers),
    [instructionsOpen, canRegenerate, replying, canExport, handlers],
  );
  usePaletteCommands(commands);
}

const GROUP = 'Chat';

export const chatCommands = (
  { instructionsOpen, canRegenerate, replying, canExport }: ChatCommandState,
  handlers: ChatCommandHandlers,
): Command[] => {
  const exportDisabled = canExport ? undefined : CHAT_COMMAND_REASONS.nothingToExport;
  return [
    {
      id: 'chat.finish',
      title: 'Finish conversation',
      group: GROUP,
      keywords: ['end', 'close', 'leave', 'back'],
      run: handlers.finish,
    },
    {
      id: 'chat.instructions',
      title: instructionsOpen ? 'Hide instructions' : 'Show instructions',
      group: GROUP,
      keywords: ['toggle instructions', 'problem', 'description'],
      run: handlers.toggleInstructions,
    },
    {
      id: 'chat.regenerate',
      title: 'Regenerate reply',
      group: GROUP,
      keywords: ['again', 'retry', 'redo', 'answer'],
      disabled: canRegenerate
        ? undefined
        : replying
          ? CHAT_COMMAND_REASONS.replying
          : CHAT_COMMAND_REASONS.nothingToRegenerate,
      run: handlers.regenerate,
    },
    {
      id: 'chat.stop',
      title: 'Stop reply',
      group: GROUP,
      shortcut: 'Esc',
      keywords: ['cancel', 'abort'],
      disabled: replying ? undefined : CHAT_COMMAND_REASONS.notReplying,
      run: handlers.stop,
    },
    {
      id: 'chat.exportMarkdown',
      title: 'Export as Markdown',
      group: GROUP,
      keywords: ['download', 'save', 'md', 'conversation'],
      disabled: exportDisabled,
      run: () => handlers.exportAs('markdown'),
    },
    {
      id: 'chat.exportJson',
      title: 'Export as JSON',
      group: GROUP,
      keywords: ['download', 'save', 'transcription', 'conversation'],
      disabled: exportDisabled,
      run: () => handlers.exportAs('json'),
    },
  ];
};
