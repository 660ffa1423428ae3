import { canManageActivities } from '@shared/permissions';
import {
  ACTIVITY_MODES,
  type Activity,
  type ActivityMode,
  type LeiaConfig,
} from '@shared/schemas/activities';
import { actionsOf } from '../action';
import { ACTIVITY_LIST_TEXTS, type ActivityListEvent, isOpenForChanges } from './contract';

/**
 * What a user can do with My Activities' list, each defined once (machines/action.ts): the card's
 * buttons, the row's controls and the palette's commands all come from these. When each is
 * available is the machine's guards (./machine.ts), read with `snapshot.can`.
 */

const GROUP = 'Activities';
const defineAction = actionsOf<ActivityListEvent>();

/** A LEIA of an activity (a row of its card). */
export interface ActivityLeia {
  activity: Activity;
  config: LeiaConfig;
}

export const newActivity = defineAction<void>({
  id: 'activities.new',
  label: 'New Activity',
  title: 'New activity',
  group: GROUP,
  keywords: ['create', 'add', 'experiment'],
  allowed: canManageActivities,
  type: 'create.open',
  event: () => ({ type: 'create.open' }),
  unavailable: ACTIVITY_LIST_TEXTS.creating,
});

export const openActivity = defineAction<Activity>({
  id: 'activities.open',
  label: 'Open',
  title: 'Open activity...',
  group: GROUP,
  keywords: ['expand', 'show', 'experiment'],
  allowed: canManageActivities,
  type: 'card.expand',
  event: (activity) => ({ type: 'card.expand', id: activity.id }),
  unavailable: ACTIVITY_LIST_TEXTS.busy,
});

export const publishActivity = defineAction<Activity>({
  id: 'activities.publish',
  label: 'Publish',
  title: 'Publish activity...',
  group: GROUP,
  keywords: ['release', 'lock'],
  allowed: canManageActivities,
  type: 'activity.publish',
  event: (activity) => ({ type: 'activity.publish', activity }),
  applies: isOpenForChanges,
  unavailable: ACTIVITY_LIST_TEXTS.busy,
});

export const deleteActivity = defineAction<Activity>({
  id: 'activities.delete',
  label: 'Delete Activity',
  title: 'Delete activity...',
  group: GROUP,
  keywords: ['remove'],
  allowed: canManageActivities,
  type: 'activity.delete',
  event: (activity) => ({ type: 'activity.delete', activity }),
  applies: isOpenForChanges,
  unavailable: ACTIVITY_LIST_TEXTS.busy,
});

export const removeLeia = defineAction<ActivityLeia>({
  id: 'activities.removeLeia',
  label: 'Delete LEIA',
  title: 'Delete LEIA from activity...',
  group: GROUP,
  keywords: ['remove'],
  allowed: canManageActivities,
  type: 'leia.remove',
  event: ({ activity, config }) => ({ type: 'leia.remove', activity, config }),
  applies: ({ activity }) => isOpenForChanges(activity),
  unavailable: ACTIVITY_LIST_TEXTS.busy,
});

export const setMode = defineAction<ActivityLeia & { mode: ActivityMode }>({
  id: 'activities.setMode',
  label: 'Mode',
  title: 'Set mode...',
  group: GROUP,
  keywords: ['standard', 'transcription'],
  allowed: canManageActivities,
  type: 'leia.mode',
  event: ({ activity, config, mode }) => ({ type: 'leia.mode', activity, config, mode }),
  applies: ({ activity }) => isOpenForChanges(activity),
  unavailable: ACTIVITY_LIST_TEXTS.busy,
});

/** The mode a row's Set mode would change it to (of two, the other). */
export const otherMode = (mode: ActivityMode): ActivityMode =>
  ACTIVITY_MODES.find((other) => other !== mode) ?? mode;
