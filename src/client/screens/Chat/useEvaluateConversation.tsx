import { useAvailability } from '@client/actions/ActionButton';
import { actionCommand } from '@client/actions/commands';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import { ClipboardIcon } from '@client/components';
import { EvaluationActor } from '@client/evaluation/actors';
import { usePaletteCommands, useShortcut } from '@client/palette';
import { evaluateConversation } from '@machines/chat/actions';
import type { ChatEvaluate } from '@machines/chat/contract';
import { useEffect, useMemo } from 'react';
import { ChatActor } from './actors';

/**
 * 'Evaluate' on the chat screen (machines/chat/actions.ts): the report of the session's stored
 * conversation, opened by the button (an ActionButton in the header), the palette command
 * 'Evaluate conversation' and the E key. The chat's guard decides when (once the LEIA has replied,
 * not while a reply streams); once it takes the event it emits what the evaluation opens.
 */
export function useEvaluateConversation() {
  const chat = ChatActor.useActorRef();
  const evaluation = EvaluationActor.useActorRef();
  const now = useActionSnapshot(chat, [evaluateConversation]);
  const { can } = useAvailability(chat, evaluateConversation, undefined);

  useEffect(() => {
    const subscription = chat.on('evaluate', (event) => {
      const { sessionId, about } = event as unknown as ChatEvaluate;
      evaluation.send({ type: 'evaluation.open', request: { kind: 'session', sessionId }, about });
    });
    return () => subscription.unsubscribe();
  }, [chat, evaluation]);

  usePaletteCommands(
    useMemo(() => [actionCommand(chat, now, evaluateConversation, { icon: <ClipboardIcon /> })], [chat, now]),
  );
  useShortcut(evaluateConversation.shortcut ?? '', () => chat.send(evaluateConversation.event()), {
    description: 'Evaluate the conversation',
    enabled: can,
  });
}
