import { Button, type ButtonProps } from '@client/components';
import { type ActionDefinition, type Availability, availability } from '@machines/action';
import { shallowEqual, useSelector } from '@xstate/react';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Flow } from './commands';

export type ActionButtonProps<Target> = Omit<ButtonProps, 'onClick' | 'disabled'> & {
  flow: Flow;
  action: ActionDefinition<Target, EventObject>;
  // biome-ignore lint/suspicious/noConfusingVoidType: an action without a target is defineAction<void>
} & ([Target] extends [void] ? { target?: undefined } : { target: Target });

/**
 * The button of an action (machines/action.ts): its label, and disabled while the machine refuses
 * it, its title then the reason; not rendered for a target it does not apply to (Publish on a published activity). Clicking
 * sends its event. The palette's command of the same action comes from the same definition.
 */
export function ActionButton<Target>({
  flow,
  action,
  target,
  children,
  ...props
}: ActionButtonProps<Target>) {
  const { applies, can, reason } = useAvailability(flow, action, target as Target);
  if (!applies) return null;
  return (
    <Button
      title={reason}
      {...props}
      disabled={!can}
      onClick={() => flow.send(action.event(target as Target))}
    >
      {children ?? action.label}
    </Button>
  );
}

/** What the machine says of an action on a target now, for a control that is not a button (a select). */
export function useAvailability<Target>(
  flow: Flow,
  action: ActionDefinition<Target, EventObject>,
  target: Target,
): Availability {
  return useSelector(flow, (s: AnyMachineSnapshot) => availability(s, action, target), shallowEqual);
}
