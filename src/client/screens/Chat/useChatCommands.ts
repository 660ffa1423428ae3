import { actionCommand } from '@client/actions/commands';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import { type Command, usePaletteCommands } from '@client/palette';
import { CHAT_ACTIONS, EXPORT_ACTIONS, regenerateReply, stopReply } from '@machines/chat/actions';
import { useMemo } from 'react';
import { ChatActor } from './actors';

export interface ChatCommandHandlers {
  instructionsOpen: boolean;
  finish: () => void;
  toggleInstructions: () => void;
}

const GROUP = 'Chat';

/**
 * The chat's palette commands: Finish and the instructions (the screen's own), then the
 * conversation's actions (machines/chat/actions.ts), each greyed with its reason while the
 * machine refuses it (Stop while no reply streams, Regenerate before there is a reply).
 */
export function useChatCommands({ instructionsOpen, finish, toggleInstructions }: ChatCommandHandlers) {
  const actor = ChatActor.useActorRef();
  const now = useActionSnapshot(actor, CHAT_ACTIONS);
  const commands = useMemo(
    (): Command[] => [
      {
        id: 'chat.finish',
        title: 'Finish conversation',
        group: GROUP,
        keywords: ['end', 'close', 'leave', 'back'],
        run: finish,
      },
      {
        id: 'chat.instructions',
        title: instructionsOpen ? 'Hide instructions' : 'Show instructions',
        group: GROUP,
        keywords: ['toggle instructions', 'problem', 'description'],
        run: toggleInstructions,
      },
      ...[regenerateReply, stopReply, ...EXPORT_ACTIONS].map((action) => actionCommand(actor, now, action)),
    ],
    [actor, now, instructionsOpen, finish, toggleInstructions],
  );
  usePaletteCommands(commands);
}
