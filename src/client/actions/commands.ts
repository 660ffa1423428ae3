import {
  type Command,
  type CommandBase,
  defineCommand,
  type PaletteItem,
  type StaticArgument,
} from '@client/palette/types';
import { type ActionDefinition, type AnyAction, acceptsNow, availability, reasonOf } from '@machines/action';
import type { ReactNode } from 'react';
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate';

/**
 * The palette side of the actions of machines/action.ts: one definition gives the command (its
 * title, group, keywords, shortcut, who may, and its disabled reason from the machine), and for an
 * action on a target the page that lists only the targets where the machine would take it now.
 * Screens build their commands with these inside useMemo, from the snapshot of useActionSnapshot.
 */

/** The flow an action is sent to. */
export type Flow = AnyActorRef;

/** The palette's fields of an action; `disabled` is its reason while the flow's state takes it on no target. */
export const commandFields = (action: AnyAction, now: AnyMachineSnapshot, icon?: ReactNode): CommandBase => ({
  ...fieldsOf(action, icon),
  disabled: acceptsNow(now, action) ? undefined : reasonOf(now, action),
});

const fieldsOf = (action: AnyAction, icon?: ReactNode): CommandBase => ({
  id: action.id,
  title: action.title,
  group: action.group,
  ...(action.keywords && { keywords: action.keywords }),
  ...(action.shortcut && { shortcut: action.shortcut }),
  ...(action.allowed && { allowed: action.allowed }),
  ...(icon !== undefined && { icon }),
});

interface Options<Target> {
  icon?: ReactNode;
  /** Runs after the event is sent (e.g. scroll the card into view). */
  after?: (target: Target) => void;
}

/** An action without a target: runs at once; greyed with its reason while the machine refuses it. */
export function actionCommand(
  flow: Flow,
  now: AnyMachineSnapshot,
  action: ActionDefinition<void, EventObject>,
  { icon, after }: Options<void> = {},
): Command {
  return {
    ...fieldsOf(action, icon),
    disabled: availability(now, action, undefined).reason,
    run: () => {
      flow.send(action.event());
      after?.();
    },
  };
}

/**
 * An action on a target the screen already holds (Edit email on the user's own address): runs at
 * once on it; greyed with its reason while the machine refuses it.
 */
export function boundCommand<Target>(
  flow: Flow,
  now: AnyMachineSnapshot,
  action: ActionDefinition<Target, EventObject>,
  target: Target,
  { icon, after }: Options<Target> = {},
): Command {
  return {
    ...fieldsOf(action, icon),
    disabled: availability(now, action, target).reason,
    run: () => {
      flow.send(action.event(target));
      after?.(target);
    },
  };
}

/**
 * The page of an action's target: the screen's choices, kept where the flow's guards take the
 * action now (read when the page opens), each shown as `item` says.
 */
export interface TargetPage<Target, Choice = Target> {
  placeholder: string;
  empty?: string;
  choices: () => Choice[];
  item: (choice: Choice) => Omit<PaletteItem, 'value'>;
  /** The action's target for a choice (absent: the choice is the target). */
  targetOf?: (choice: Choice) => Target;
}

export function targetArgument<Target, Choice>(
  flow: Flow,
  action: ActionDefinition<Target, EventObject>,
  page: TargetPage<Target, Choice>,
): StaticArgument<Target> {
  const targetOf = page.targetOf ?? ((choice: Choice) => choice as unknown as Target);
  return {
    placeholder: page.placeholder,
    ...(page.empty !== undefined && { empty: page.empty }),
    load: () => {
      const now = flow.getSnapshot() as AnyMachineSnapshot;
      return page.choices().flatMap((choice): PaletteItem<Target>[] => {
        const target = targetOf(choice);
        return availability(now, action, target).can ? [{ ...page.item(choice), value: target }] : [];
      });
    },
  };
}

/**
 * An action on a target: its page lists the targets where it can run; greyed with its reason while
 * the flow's state takes it on no target (a change is being saved).
 */
export function targetCommand<Target, Choice = Target>(
  flow: Flow,
  now: AnyMachineSnapshot,
  action: ActionDefinition<Target, EventObject>,
  page: TargetPage<Target, Choice>,
  { icon, after }: Options<Target> = {},
): Command {
  return defineCommand({
    ...commandFields(action, now, icon),
    args: [targetArgument(flow, action, page)],
    run: (target: Target) => {
      flow.send(action.event(target));
      after?.(target);
    },
  });
}
