import { useShortcut } from '@client/palette';
import type { ActionDefinition } from '@machines/action';
import { useSelector } from '@xstate/react';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Flow } from './commands';

/**
 * The shortcut of an action without a target (its `shortcut`, described by its `title` in the '?'
 * help), bound while the machine takes its event (`snapshot.can`).
 */
export function useActionShortcut(flow: Flow, action: ActionDefinition<void, EventObject>): void {
  const can = useSelector(flow, (s: AnyMachineSnapshot) => s.can(action.event()));
  useShortcut(action.shortcut ?? '', () => flow.send(action.event()), {
    description: action.title,
    enabled: can && action.shortcut !== undefined,
  });
}
