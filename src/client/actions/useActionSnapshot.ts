import type { ActionDefinition } from '@machines/action';
import { useSelector } from '@xstate/react';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Flow } from './commands';

const sameState = (a: AnyMachineSnapshot, b: AnyMachineSnapshot) =>
  JSON.stringify(a.value) === JSON.stringify(b.value);

/**
 * The flow's snapshot for building its commands: a new one only when what they show may change
 * (the flow changed state, or one of `untargeted`'s guards answers otherwise), so the commands
 * are registered again then and not on every keystroke.
 */
export function useActionSnapshot(
  flow: Flow,
  untargeted: readonly ActionDefinition<void, EventObject>[] = [],
): AnyMachineSnapshot {
  return useSelector(
    flow,
    (s: AnyMachineSnapshot) => s,
    (a, b) =>
      sameState(a, b) && untargeted.every((action) => a.can(action.event()) === b.can(action.event())),
  );
}
