import {
  type Command,
  type CommandBase,
  defineCommand,
  type PaletteArgument,
  type PaletteItem,
  type SearchArgument,
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
 * An action done elsewhere than where the palette is open: its command takes the user there (Change
 * password: to the Profile's form, its first field focused), listed from the action's definition.
 */
export const destinationCommand = (action: AnyAction, run: () => void, icon?: ReactNode): Command => ({
  ...fieldsOf(action, icon),
  run,
});

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

/** How a page lists a choice, and the action's target for it (absent: the choice is the target). */
interface PageOf<Target, Choice> {
  placeholder: string;
  empty?: string;
  targetOf?: (choice: Choice) => Target;
}

/**
 * The page of an action's target: the screen's choices, known or loaded whole when the page opens
 * (the users, fetched afresh), kept where the flow's guards take the action now, each shown as
 * `item` says; the palette filters them as the user types.
 */
export interface TargetPage<Target, Choice = Target> extends PageOf<Target, Choice> {
  choices: (signal: AbortSignal) => Choice[] | Promise<Choice[]>;
  item: (choice: Choice) => Omit<PaletteItem, 'value'>;
  search?: undefined;
}

/**
 * The page of an action's target searched where the targets live, as the user types (a palette
 * search page whose items carry the choices, such as the LEIA pages' `leiaArgument`): each answer
 * keeps the items where the flow's guards take the action now, in its order.
 */
export type TargetSearchPage<Target, Choice = Target> = SearchArgument<Choice> &
  Pick<PageOf<Target, Choice>, 'targetOf'>;

/** The page of an action's target, its items' values the targets the flow takes now. */
export function targetArgument<Target, Choice>(
  flow: Flow,
  action: ActionDefinition<Target, EventObject>,
  page: TargetPage<Target, Choice> | TargetSearchPage<Target, Choice>,
): PaletteArgument<Target> {
  const targetOf = page.targetOf ?? ((choice: Choice) => choice as unknown as Target);
  /** The item of a choice the flow takes now, carrying its target; none otherwise. */
  const kept = (choice: Choice, item: Omit<PaletteItem, 'value'>): PaletteItem<Target>[] => {
    const target = targetOf(choice);
    return availability(flow.getSnapshot(), action, target).can ? [{ ...item, value: target }] : [];
  };
  const shown = { placeholder: page.placeholder, ...(page.empty !== undefined && { empty: page.empty }) };
  if (page.search) {
    const search = page.search;
    return {
      ...shown,
      search: async (text, signal) => {
        const answer = await search(text, signal);
        const { items, more } = Array.isArray(answer) ? { items: answer, more: undefined } : answer;
        return {
          items: items.flatMap(({ value, ...item }) => kept(value, item)),
          ...(more !== undefined && { more }),
        };
      },
    };
  }
  const { choices, item } = page;
  const keep = (all: Choice[]) => all.flatMap((choice) => kept(choice, item(choice)));
  return {
    ...shown,
    // Choices known up front are kept at once (the page lists them without waiting).
    load: (signal) => {
      const all = choices(signal);
      return Array.isArray(all) ? keep(all) : all.then(keep);
    },
  };
}

/**
 * The action on a target made of a value chosen on an earlier page and this page's choice (Change
 * user role...: the user, then the role): this page's values are its choices, kept where the
 * flow takes the action on `targetOf(choice)`.
 */
export function actionOn<Target, Choice>(
  action: ActionDefinition<Target, EventObject>,
  targetOf: (choice: Choice) => Target,
): ActionDefinition<Choice, EventObject> {
  return {
    ...action,
    event: (choice) => action.event(targetOf(choice)),
    applies: (choice) => action.applies?.(targetOf(choice)) ?? true,
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
  page: TargetPage<Target, Choice> | TargetSearchPage<Target, Choice>,
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
