import type { SnapshotFrom } from 'xstate';
import type { leakCheckMachine } from './machine';

/* Selectors: what the leak check's window and commands read from its snapshot. */

export type LeakCheckSnapshot = SnapshotFrom<typeof leakCheckMachine>;

export type LeakCheckView =
  | 'closed'
  | 'loading'
  | 'form'
  | 'starting'
  | 'running'
  | 'cancelling'
  | 'lost'
  | 'done';

export const leakCheckView = (s: LeakCheckSnapshot): LeakCheckView => {
  if (s.matches('Closed')) return 'closed';
  if (s.matches({ Open: 'Loading' })) return 'loading';
  if (s.matches({ Open: 'Starting' })) return 'starting';
  if (s.matches({ Open: { Running: 'Cancelling' } })) return 'cancelling';
  if (s.matches({ Open: 'Running' })) return 'running';
  if (s.matches({ Open: 'Lost' })) return 'lost';
  if (s.matches({ Open: 'Done' })) return 'done';
  return 'form';
};

/** The settings were changed and not run (closing the window asks first). */
export const hasLeakCheckEdits = (s: LeakCheckSnapshot): boolean =>
  s.matches({ Open: 'Form' }) && JSON.stringify(s.context.form) !== JSON.stringify(s.context.formShown);
