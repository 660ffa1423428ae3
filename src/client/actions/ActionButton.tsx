import { Button, type ButtonProps, IconButton, type IconButtonProps } from '@client/components';
import {
  type ActionDefinition,
  type AnyAction,
  type Availability,
  acceptsNow,
  availability,
  reasonOf,
} from '@machines/action';
import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Flow } from './commands';

/** The action a control sends to its flow, and its target unless it has none. */
type Sends<Target> = {
  flow: Flow;
  action: ActionDefinition<Target, EventObject>;
  // biome-ignore lint/suspicious/noConfusingVoidType: an action without a target is defineAction<void>
} & ([Target] extends [void] ? { target?: undefined } : { target: Target });

export type ActionButtonProps<Target> = Omit<ButtonProps, 'onClick' | 'disabled'> & Sends<Target>;

/**
 * The button of an action (machines/action.ts): its label, and disabled while the machine refuses
 * it, its title then the reason; not rendered for a target it does not apply to (Publish on a published activity). Clicking
 * sends its event; a form's `type="submit"` button leaves that to the form's `onSubmit` (Enter in a
 * field submits too), which `submitsAction` gives. The palette's command of the same action comes
 * from the same definition.
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
      onClick={props.type === 'submit' ? undefined : () => flow.send(action.event(target as Target))}
    >
      {children ?? action.label}
    </Button>
  );
}

/**
 * The icon-only button of an action (a table row's Edit and Delete): `label` is its accessible
 * name and tooltip (the row's 'Edit user ada@example.com'); otherwise as ActionButton, its
 * tooltip the reason while disabled.
 */
export function ActionIconButton<Target>({
  flow,
  action,
  target,
  ...props
}: Omit<IconButtonProps, 'onClick' | 'disabled'> & Sends<Target>) {
  const { applies, can, reason } = useAvailability(flow, action, target as Target);
  if (!applies) return null;
  return (
    <IconButton
      {...props}
      {...(reason !== undefined && { title: reason })}
      disabled={!can}
      onClick={() => flow.send(action.event(target as Target))}
    />
  );
}

/** The `onSubmit` of a form whose submit button is the ActionButton of `action` (Change Password). */
export const submitsAction =
  (flow: Flow, action: ActionDefinition<void, EventObject>) =>
  (event: FormEvent): void => {
    event.preventDefault();
    flow.send(action.event());
  };

/**
 * Why the flow's state takes the action on no target now (its reason), else undefined: for a
 * control whose target is read only when it runs (the wizard's 'Check this design').
 */
export function useRefusal(flow: Flow, action: AnyAction): string | undefined {
  return useSelector(flow, (s: AnyMachineSnapshot) =>
    acceptsNow(s, action) ? undefined : reasonOf(s, action),
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
