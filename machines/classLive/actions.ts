import { CLASS_TEXTS } from '@shared/class-sessions';
import { canManageActivities } from '@shared/permissions';
import { actionsOf } from '../action';
import { LIVE_TEXTS, type LiveMachineEvent } from './contract';
import { hasDeadline, isSessionOpen, type LiveSnapshot } from './selectors';

/**
 * What an instructor can do in a class session's live view, each defined once (machines/action.ts):
 * the code panel's buttons, their shortcuts and the palette's commands all come from these. When
 * each is available is the machine's guards (./machine.ts), read with `snapshot.can`.
 */

const GROUP = 'Class session';
const defineAction = actionsOf<LiveMachineEvent, LiveSnapshot>();

const loading = (s: LiveSnapshot) => s.context.detail === null;

/** Why an action on an open session is refused: not loaded yet, closed, or a change is being saved. */
const openReason = (s: LiveSnapshot): string => {
  if (loading(s)) return LIVE_TEXTS.notLoaded;
  return isSessionOpen(s) ? LIVE_TEXTS.saving : CLASS_TEXTS.alreadyClosed;
};

export const copyCode = defineAction({
  id: 'class.copyCode',
  label: CLASS_TEXTS.copyCode,
  title: CLASS_TEXTS.copyCode,
  group: GROUP,
  shortcut: 'c',
  allowed: canManageActivities,
  type: 'code.copy',
  event: () => ({ type: 'code.copy' }),
  unavailable: LIVE_TEXTS.notLoaded,
});

export const copyJoinLink = defineAction({
  id: 'class.copyLink',
  label: CLASS_TEXTS.copyJoinLink,
  title: CLASS_TEXTS.copyJoinLink,
  group: GROUP,
  shortcut: 'l',
  allowed: canManageActivities,
  type: 'link.copy',
  event: () => ({ type: 'link.copy' }),
  unavailable: LIVE_TEXTS.notLoaded,
});

export const showCode = defineAction({
  id: 'class.projector',
  label: CLASS_TEXTS.showCode,
  title: CLASS_TEXTS.showCode,
  group: GROUP,
  keywords: ['projector', 'large'],
  shortcut: 'p',
  allowed: canManageActivities,
  type: 'projector.toggle',
  event: () => ({ type: 'projector.toggle' }),
  unavailable: LIVE_TEXTS.notLoaded,
});

export const extendTime = defineAction({
  id: 'class.extend',
  label: CLASS_TEXTS.extend,
  title: `${CLASS_TEXTS.extend}...`,
  group: GROUP,
  allowed: canManageActivities,
  type: 'extend.open',
  event: () => ({ type: 'extend.open' }),
  unavailable: (s) => (isSessionOpen(s) && !hasDeadline(s) ? CLASS_TEXTS.noDeadline : openReason(s)),
});

export const closeSession = defineAction({
  id: 'class.close',
  label: CLASS_TEXTS.close,
  title: `${CLASS_TEXTS.close}...`,
  group: GROUP,
  allowed: canManageActivities,
  type: 'close.request',
  event: () => ({ type: 'close.request' }),
  unavailable: openReason,
});

/** The live view's actions without a target, in the palette's order. */
export const LIVE_ACTIONS = [copyCode, copyJoinLink, showCode, extendTime, closeSession] as const;
