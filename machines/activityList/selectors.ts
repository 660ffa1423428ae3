import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../failure';
import { ACTIVITY_LIST_TEXTS, type ActivityChange, type ActivityFocus } from './contract';
import type { activityListMachine } from './machine';

/* Selectors: what the views read from a My Activities snapshot. */

export type ActivityListSnapshot = SnapshotFrom<typeof activityListMachine>;

/** What the screen shows: the spinner only before the first answer or on a retry. */
export type ActivityListView = 'loading' | 'failed' | 'empty' | 'list';
export const activityListView = (s: ActivityListSnapshot): ActivityListView => {
  if (s.matches({ list: 'Failed' })) return 'failed';
  if (s.matches({ list: { Loading: 'Initial' } })) return 'loading';
  return s.context.activities.length > 0 ? 'list' : 'empty';
};

export const loadErrorText = (s: ActivityListSnapshot): string => {
  const message = (s.context.loadError as Failure | null)?.message;
  return ACTIVITY_LIST_TEXTS.loadFailed(typeof message === 'string' && message.trim() ? message : undefined);
};

export const isCreating = (s: ActivityListSnapshot): boolean => s.hasTag('creating');
export const isCreateModalOpen = (s: ActivityListSnapshot): boolean => s.matches({ create: 'Modal' });
export const isChanging = (s: ActivityListSnapshot): boolean => s.hasTag('changing');
/** The change waiting for the user's yes or no. */
export const changeToConfirm = (s: ActivityListSnapshot): ActivityChange | null =>
  s.matches({ change: 'Confirming' }) ? s.context.change : null;
/** The change being saved (its button shows a spinner). */
export const changeInFlight = (s: ActivityListSnapshot): ActivityChange | null =>
  s.hasTag('changing') ? s.context.change : null;

/** The focus request for one activity's card (its toggle), else null. */
export const cardFocus =
  (activityId: string) =>
  (s: ActivityListSnapshot): Extract<ActivityFocus, { field: 'toggle' }> | null => {
    const focus = s.context.focus;
    return focus?.field === 'toggle' && focus.activityId === activityId ? focus : null;
  };

/** The focus request for one LEIA row's Mode, else null. */
export const modeFocus =
  (configId: string) =>
  (s: ActivityListSnapshot): Extract<ActivityFocus, { field: 'mode' }> | null => {
    const focus = s.context.focus;
    return focus?.field === 'mode' && focus.configId === configId ? focus : null;
  };
