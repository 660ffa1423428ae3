import { copyText } from '@client/clipboard';
import { type Command, usePaletteCommands, useShortcut } from '@client/palette';
import { closeDisabled, extendDisabled } from '@machines/classLive/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { canManageActivities } from '@shared/permissions';
import { useMemo } from 'react';
import { ClassLiveActor } from './actors';

const GROUP = 'Class session';

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
    };
  }, [actor]);
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

  const commands = useMemo((): Command[] => {
    const notLoaded = loaded ? undefined : 'The session is loading';
    return [
      {
        id: 'class.copyCode',
        title: CLASS_TEXTS.copyCode,
        group: GROUP,
        shortcut: CLASS_SHORTCUTS.copyCode,
        allowed: canManageActivities,
        disabled: notLoaded,
        run: handlers.copyCode,
      },
      {
        id: 'class.copyLink',
        title: CLASS_TEXTS.copyJoinLink,
        group: GROUP,
        shortcut: CLASS_SHORTCUTS.copyLink,
        allowed: canManageActivities,
        disabled: notLoaded,
        run: handlers.copyLink,
      },
      {
        id: 'class.projector',
        title: CLASS_TEXTS.showCode,
        group: GROUP,
        keywords: ['projector', 'large'],
        shortcut: CLASS_SHORTCUTS.projector,
        allowed: canManageActivities,
        disabled: notLoaded,
        run: handlers.projector,
      },
      {
        id: 'class.extend',
        title: `${CLASS_TEXTS.extend}...`,
        group: GROUP,
        allowed: canManageActivities,
        disabled: notLoaded ?? extendReason,
        run: () => actor.send({ type: 'extend.open' }),
      },
      {
        id: 'class.close',
        title: `${CLASS_TEXTS.close}...`,
        group: GROUP,
        allowed: canManageActivities,
        disabled: notLoaded ?? closeReason,
        run: () => actor.send({ type: 'close.request' }),
      },
    ];
  }, [actor, handlers, loaded, extendReason, closeReason]);
  usePaletteCommands(commands);
}
