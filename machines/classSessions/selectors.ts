import type { SnapshotFrom } from 'xstate';
import type { classSessionListMachine } from './list';
import type { classStartMachine } from './start';

/** What the Start dialog and the card's session list read from their machines. */

type StartSnapshot = SnapshotFrom<typeof classStartMachine>;
type ListSnapshot = SnapshotFrom<typeof classSessionListMachine>;

export const isStartOpen = (s: StartSnapshot): boolean => !s.matches('Closed');
export const isStarting = (s: StartSnapshot): boolean => s.hasTag('starting');
export const hasStartEdits = (s: StartSnapshot): boolean =>
  !s.matches('Closed') && s.context.form.name !== (s.context.target?.name ?? '');

export const isListLoading = (s: ListSnapshot): boolean => s.hasTag('loading');
export const isListFailed = (s: ListSnapshot): boolean => s.matches('Failed');
