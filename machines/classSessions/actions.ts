import { CLASS_TEXTS } from '@shared/class-sessions';
import { canManageActivities } from '@shared/permissions';
import type { Activity } from '@shared/schemas/activities';
import { actionsOf } from '../action';
import { CLASS_START_TEXTS, holdsClassSessions, type StartEvent, startTargetOf } from './contract';

/**
 * Starting a class session on an activity, defined once (machines/action.ts): the card's button
 * and the palette's command. The machine (./start.ts) takes it only on a published activity and
 * only while no session is being started.
 */

const defineAction = actionsOf<StartEvent>();

export const startClassSession = defineAction<Activity>({
  id: 'class.start',
  label: CLASS_TEXTS.start,
  title: `${CLASS_TEXTS.start}...`,
  group: 'Class sessions',
  keywords: ['class', 'students', 'run', 'join code'],
  allowed: canManageActivities,
  type: 'start.open',
  event: (activity) => ({ type: 'start.open', target: startTargetOf(activity) }),
  applies: holdsClassSessions,
  unavailable: CLASS_START_TEXTS.starting,
});
