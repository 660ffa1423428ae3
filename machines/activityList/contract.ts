import type { Activity, ActivityMode, LeiaConfig } from '@shared/schemas/activities';
import { type Failure, failureMessage } from '../failure';

/** What the activity list machine (./machine.ts) and My Activities agree on: texts, context, events. */

export const ACTIVITY_LIST_TEXTS = {
  title: 'My Activities',
  subtitle: 'View and manage your activities',
  searchPlaceholder: 'Search activities...',
  loading: 'Loading activities...',
  failedTitle: 'Something went wrong',
  loadFailed: (message?: string) =>
    message ? `Error loading activities: ${message}` : 'Error loading activities',
  emptyTitle: 'No activities yet',
  emptyDescription: 'Create your first activity to get started',
  noLeias: 'No LEIAs in this experiment',
  published: 'Activity published successfully',
  publishFailed: 'Failed to publish activity',
  leiaRemoved: 'LEIA deleted from activity',
  leiaRemoveFailed: 'Failed to delete LEIA from activity',
  deleted: 'Activity deleted successfully',
  deleteFailed: 'Failed to delete activity',
  modeFailed: 'Failed to update LEIA mode',
  busy: 'A change is being saved',
  creating: 'An activity is being created',
  /** 'Delete LEIA' on a row (the name is the product's): what it does. */
  removeLeiaHint: 'Removes this LEIA from the activity; the LEIA itself is kept.',
  unpublishedLeia: 'Unpublished',
  /** In the Publish question, when some of the activity's LEIAs are not published. */
  unpublishedInActivity: (names: readonly string[]) =>
    `${names.length === 1 ? 'One LEIA in it is' : `${names.length} LEIAs in it are`} not published (${names.join(', ')}): only their owners and administrators can open ${names.length === 1 ? 'it' : 'them'}.`,
} as const;

/** Creating an activity: the same texts here and in the Add-to-activity modal. */
export const ACTIVITY_CREATE_TEXTS = {
  created: (name: string) => `Activity '${name}' created`,
  failed: (error: unknown) =>
    `Could not create new activity: ${failureMessage(error, 'the server did not answer')}`,
} as const;

export type ActivityChange =
  | { kind: 'publish'; activity: Activity }
  | { kind: 'deleteActivity'; activity: Activity }
  | { kind: 'removeLeia'; activity: Activity; config: LeiaConfig }
  | { kind: 'mode'; activity: Activity; config: LeiaConfig; mode: ActivityMode };

export interface ActivityListContext {
  activities: Activity[];
  loadError: Failure | null;
  /** The ids of the expanded cards. */
  expanded: string[];
  /** The new activity's name (the modal's and the empty state's field). */
  name: string;
  change: ActivityChange | null;
  /**
   * Where the focus goes after an action (a new object each time; the view calls useFocusRequest):
   * a created activity's card (its toggle), or back to the Mode of a row once its change is saved.
   */
  focus: ActivityFocus | null;
}

export type ActivityFocus =
  | { field: 'toggle'; activityId: string }
  | { field: 'mode'; configId: string; ifLost: true };

export type ActivityListEvent =
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'card.toggle'; id: string }
  | { type: 'card.expand'; id: string }
  | { type: 'activity.updated'; activity: Activity }
  | { type: 'create.open' }
  | { type: 'create.change'; name: string }
  | { type: 'create.submit' }
  | { type: 'create.close' }
  | { type: 'activity.publish'; activity: Activity }
  | { type: 'activity.delete'; activity: Activity }
  | { type: 'leia.remove'; activity: Activity; config: LeiaConfig }
  | { type: 'leia.mode'; activity: Activity; config: LeiaConfig; mode: ActivityMode }
  | { type: 'change.confirm' }
  | { type: 'change.cancel' };

/** Publishing is for good: only an unpublished activity is changed (the machine's guard). */
export const isOpenForChanges = (activity: Activity): boolean => !activity.isPublished;

/** The change an event asks for (null for any other event). */
export const changeOf = (event: ActivityListEvent): ActivityChange | null => {
  switch (event.type) {
    case 'activity.publish':
      return { kind: 'publish', activity: event.activity };
    case 'activity.delete':
      return { kind: 'deleteActivity', activity: event.activity };
    case 'leia.remove':
      return { kind: 'removeLeia', activity: event.activity, config: event.config };
    case 'leia.mode':
      return { kind: 'mode', activity: event.activity, config: event.config, mode: event.mode };
    default:
      return null;
  }
};

/** The list once a change is saved: the server's activity replaces ours, or what was deleted goes. */
export const afterChange = (activities: Activity[], change: ActivityChange, answer: unknown): Activity[] => {
  switch (change.kind) {
    case 'deleteActivity':
      return activities.filter((activity) => activity.id !== change.activity.id);
    case 'removeLeia':
      return activities.map((activity) =>
        activity.id === change.activity.id
          ? { ...activity, leias: activity.leias.filter((config) => config.id !== change.config.id) }
          : activity,
      );
    default:
      return replaceActivity(activities, answer as Activity);
  }
};

export const replaceActivity = (activities: Activity[], next: Activity): Activity[] =>
  activities.map((activity) => (activity.id === next.id ? next : activity));
