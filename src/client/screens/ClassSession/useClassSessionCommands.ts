import { actionCommand } from '@client/actions/commands';
import { useActionShortcut } from '@client/actions/useActionShortcut';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import { usePaletteCommands } from '@client/palette';
import { classReportPath } from '@client/routes';
import {
  closeSession,
  copyCode,
  copyJoinLink,
  extendTime,
  LIVE_ACTIONS,
  showCode,
} from '@machines/classLive/actions';
import { canManageActivities } from '@shared/permissions';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { ClassLiveActor } from './actors';

/** The button and command that open the session's report. */
export const CLASS_REPORT_LABEL = 'Class report';

/**
 * The live view's actions (machines/classLive/actions.ts) as palette commands and shortcuts; the
 * code panel's buttons are the same actions. Opening the report is a link, always there.
 */
export function useClassSessionCommands() {
  const actor = ClassLiveActor.useActorRef();
  const now = useActionSnapshot(actor, LIVE_ACTIONS);
  const [, navigate] = useLocation();
  useActionShortcut(actor, copyCode);
  useActionShortcut(actor, copyJoinLink);
  useActionShortcut(actor, showCode);
  const commands = useMemo(
    () => [
      ...[copyCode, copyJoinLink, showCode].map((action) => actionCommand(actor, now, action)),
      {
        id: 'class.report',
        title: CLASS_REPORT_LABEL,
        group: 'Class session',
        allowed: canManageActivities,
        run: () => navigate(classReportPath(actor.getSnapshot().context.sessionId)),
      },
      actionCommand(actor, now, extendTime),
      actionCommand(actor, now, closeSession),
    ],
    [actor, now, navigate],
  );
  usePaletteCommands(commands);
}
