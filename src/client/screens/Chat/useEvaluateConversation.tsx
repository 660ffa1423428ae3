import { ClipboardIcon } from '@client/components';
import { EvaluationActor } from '@client/evaluation/actors';
import { type Command, usePaletteCommands, useShortcut } from '@client/palette';
import { isReplying } from '@machines/chat/selectors';
import { EVALUATION_VIEW_TEXTS } from '@machines/evaluation';
import { useCallback, useMemo } from 'react';
import { ChatActor } from './actors';

/** The key that evaluates the conversation (never while typing in the message box). */
export const EVALUATE_SHORTCUT = 'e';

/**
 * 'Evaluate' on the chat screen: the report of the session's stored conversation, opened by the
 * button, the palette command 'Evaluate conversation' and the E key. It cannot run before the
 * LEIA has replied, nor while a reply streams (the server would evaluate without it).
 */
export function useEvaluateConversation(sessionId: string) {
  const evaluation = EvaluationActor.useActorRef();
  const hasReply = ChatActor.useSelector((s) => s.context.messages.some((message) => message.isLeia));
  const replying = ChatActor.useSelector(isReplying);
  const about = ChatActor.useSelector((s) => s.context.session?.leia.name ?? '');
  const disabled = replying
    ? EVALUATION_VIEW_TEXTS.replying
    : hasReply
      ? undefined
      : EVALUATION_VIEW_TEXTS.nothingYet;

  const evaluate = useCallback(() => {
    if (disabled === undefined) {
      evaluation.send({ type: 'evaluation.open', request: { kind: 'session', sessionId }, about });
    }
  }, [evaluation, sessionId, about, disabled]);

  const commands = useMemo(
    (): Command[] => [
      {
        id: 'chat.evaluate',
        title: EVALUATION_VIEW_TEXTS.command,
        group: 'Chat',
        icon: <ClipboardIcon />,
        shortcut: EVALUATE_SHORTCUT,
        keywords: ['report', 'coverage', 'score', 'solution', 'revealed', 'elicitation'],
        disabled,
        run: evaluate,
      },
    ],
    [disabled, evaluate],
  );
  usePaletteCommands(commands);
  useShortcut(EVALUATE_SHORTCUT, evaluate, {
    description: 'Evaluate the conversation',
    enabled: disabled === undefined,
  });
  return { evaluate, disabled };
}
