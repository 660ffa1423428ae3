import type { Activity } from '@shared/schemas/activities';
import type {
  ClassSessionDetail,
  ClassSessionSummary,
  Identity,
  StartClassSessionBody,
} from '@shared/schemas/class-sessions';
import type { Failure } from '../failure';

/**
 * What an activity's class sessions flows (./start.ts: the Start dialog; ./list.ts: the sessions
 * on the activity's card) and My Activities agree on. The texts both sides show are CLASS_TEXTS.
 */

export const CLASS_START_TEXTS = {
  durationHint: 'Leave empty for no time limit',
  starting: 'Starting...',
  failed: 'Could not start the class session',
  sessions: 'Class sessions',
  noSessions: 'No class sessions yet',
  loadFailed: 'Could not load the class sessions',
  notPublished: 'Publish the activity first',
} as const;

export interface StartTarget {
  experimentId: string;
  name: string;
  /** Whether the activity is published: a session starts only on a published one. */
  published: boolean;
}

/** An activity class sessions are started on and listed for: a published one. */
export const holdsClassSessions = (activity: Pick<Activity, 'isPublished'>): boolean => activity.isPublished;

/** What starting a session on this activity sends. */
export const startTargetOf = (activity: Activity): StartTarget => ({
  experimentId: activity.id,
  name: activity.name,
  published: holdsClassSessions(activity),
});

export interface StartForm {
  name: string;
  /** Minutes as typed; '' for no time limit. */
  duration: string;
  allowRejoin: boolean;
  showReport: boolean;
  showSolution: boolean;
  identity: Identity;
}
export type StartField = keyof StartForm;

export interface StartIo {
  start: { input: { experimentId: string; body: StartClassSessionBody }; output: ClassSessionDetail };
}

export interface StartContext {
  target: StartTarget | null;
  form: StartForm;
  errors: Partial<Record<'name' | 'duration', string>>;
  formError: string | null;
  focus: { field: 'name' | 'duration' } | null;
}

export type StartEvent =
  | { type: 'start.open'; target: StartTarget }
  | { type: 'start.change'; field: StartField; value: string | boolean }
  | { type: 'start.submit' }
  | { type: 'start.cancel' };

export interface ListContext {
  experimentId: string;
  sessions: ClassSessionSummary[];
  error: Failure | null;
}
export type ListEvent = { type: 'list.reload' };
