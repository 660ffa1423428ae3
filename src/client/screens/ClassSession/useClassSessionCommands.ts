import { copyText } from '@client/clipboard';
import { type Command, usePaletteCommands, useShortcut } from '@client/palette';
import { classReportPath } from '@client/routes';
import { closeDisabled, extendDisabled } from '@machines/classLive/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { canManageActivities } from '@shared/permissions';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { ClassLiveActor } from './actors';

const GROUP = 'Class session';

/** The button and command that open the session's report. */
export const CLASS_REPORT_LABEL = 'Class report';

/** One keystroke each: copy the code, copy the join link, the code large for a projector. */
export const CLASS_SHORTCUTS = { copyCode: 'c', copyLink: 'l', projector: 'p' } as const;

/** The join link as students open it: this page's origin and the session's join path. */
export const joinLinkOf = (joinPath: string): string => `${window.location.origin}${joinPath}`;

/** The live view's actions as palette commands and shortcuts (the buttons send the same events). */
export function useClassSessionCommands() {
  const actor = ClassLiveActor.useActorRef();
  const extendReason = ClassLiveActor.useSelector(extendDisabled);
  const closeReason = ClassLiveActor.useSelector(closeDisabled);
  const loaded = ClassLiveActor.useSelector((s) => s.context.detail !== null);
  const [, navigate] = useLocation();
  const handlers = useMemo(() => {
    const detail = () => actor.getSnapshot().context.detail;
    return {
      copyCode: () => {
        const code = detail()?.code;
        if (code) void copyText(code, 'Code copied');
      },
      copyLink: () => {
        const path = detail()?.joinPath;
        if (path) void copyText(joinLinkOf(path), 'Join link copied');
      },
      projector: () => actor.send({ type: 'projector.toggle' }),
      report: () => navigate(classReportPath(actor.getSnapshot().context.sessionId)),
    };
  }, [actor, navigate]);
  useShortcut(CLASS_SHORTCUTS.copyCode, handlers.copyCode, {
    description: CLASS_TEXTS.copyCode,
    enabled: loaded,
  });
  useShortcut(CLASS_SHORTCUTS.copyLink, handlers.copyLink, {
    description: CLASS_TEXTS.copyJoinLink,
    enabled: loaded,
  });
  useShortcut(CLASS_SHORTCUTS.projector, handlers.projector, {
    description: CLASS_TEXTS.showCode,
    enabled: loaded,
  });

  const commands = useMemo(
    () =>
      classCommands(handlers, { loaded, extendReason, closeReason, open: (type) => actor.send({ type }) }),
    [actor, handlers, loaded, extendReason, closeReason],
  );
  usePaletteCommands(commands);
}

interface CommandState {
  loaded: boolean;
  extendReason: string | undefined;
  closeReason: string | undefined;
  open: (type: 'extend.open' | 'close.request') => void;
}

function classCommands(
  handlers: Record<keyof typeof CLASS_SHORTCUTS | 'report', () => void>,
  state: CommandState,
): Command[] {
  const notLoaded = state.loaded ? undefined : 'The session is loading';
  const base = { group: GROUP, allowed: canManageActivities };
  return [
    {
      ...base,
      id: 'class.copyCode',
      title: CLASS_TEXTS.copyCode,
      shortcut: CLASS_SHORTCUTS.copyCode,
      disabled: notLoaded,
      run: handlers.copyCode,
    },
    {
      ...base,
      id: 'class.copyLink',
      title: CLASS_TEXTS.copyJoinLink,
      shortcut: CLASS_SHORTCUTS.copyLink,
      disabled: notLoaded,
      run: handlers.copyLink,
    },
    {
      ...base,
      id: 'class.projector',
      title: CLASS_TEXTS.showCode,
      keywords: ['projector', 'large'],
      shortcut: CLASS_SHORTCUTS.projector,
      disabled: notLoaded,
      run: handlers.projector,
    },
    { ...base, id: 'class.report', title: CLASS_REPORT_LABEL, run: handlers.report },
    {
      ...base,
      id: 'class.extend',
      title: `${CLASS_TEXTS.extend}...`,
      disabled: notLoaded ?? state.extendReason,
      run: () => state.open('extend.open'),
    },
    {
      ...base,
      id: 'class.close',
      title: `${CLASS_TEXTS.close}...`,
      disabled: notLoaded ?? state.closeReason,
      run: () => state.open('close.request'),
    },
  ];
}
