import { type Command, usePaletteCommands } from '@client/palette';
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

/**
 * The chat's palette commands (ARCHITECTURE.md "Palette and keyboard"): the screen's buttons, and
 * only those that can act now (Stop while a reply streams, Regenerate once there is a reply).
 */
export function useChatCommands(state: ChatCommandState, handlers: ChatCommandHandlers) {
  const { instructionsOpen, canRegenerate, replying, canExport } = state;
  usePaletteCommands(chatCommands(state, handlers), [
    instructionsOpen,
    canRegenerate,
    replying,
    canExport,
    handlers,
  ]);
}

const GROUP = 'Chat';

export const chatCommands = (
  { instructionsOpen, canRegenerate, replying, canExport }: ChatCommandState,
  handlers: ChatCommandHandlers,
): Command[] => [
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
  ...(canRegenerate
    ? [
        {
          id: 'chat.regenerate',
          title: 'Regenerate reply',
          group: GROUP,
          keywords: ['again', 'retry', 'redo', 'answer'],
          run: handlers.regenerate,
        },
      ]
    : []),
  ...(replying
    ? [
        {
          id: 'chat.stop',
          title: 'Stop reply',
          group: GROUP,
          shortcut: 'Esc',
          keywords: ['cancel', 'abort'],
          run: handlers.stop,
        },
      ]
    : []),
  ...(canExport
    ? [
        {
          id: 'chat.exportMarkdown',
          title: 'Export as Markdown',
          group: GROUP,
          keywords: ['download', 'save', 'md', 'conversation'],
          run: () => handlers.exportAs('markdown'),
        },
        {
          id: 'chat.exportJson',
          title: 'Export as JSON',
          group: GROUP,
          keywords: ['download', 'save', 'transcription', 'conversation'],
          run: () => handlers.exportAs('json'),
        },
      ]
    : []),
];
