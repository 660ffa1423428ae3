import type { Flow } from '@client/actions/commands';
import { AddToActivityActor } from '@client/activities/addToActivityActor';
import type { LeiaListItem } from '@client/api/leias';
import type { ButtonVariant } from '@client/components';
import { EyeIcon, MessageIcon, PlusIcon, SparklesIcon, TrashIcon } from '@client/components';
import { DesignPresetActor } from '@client/design/designPreset';
import { StartSessionActor } from '@client/runner/startSession';
import { type ActionDefinition, availability } from '@machines/action';
import { type DesignPresetSnapshot, presetLoadingKey } from '@machines/designPreset';
import {
  addToActivity,
  deleteLeia,
  designFromLeia,
  type LeiaRowTarget,
  tryLeia,
  viewLeia,
} from '@machines/searchList/actions';
import { type StartSessionSnapshot, startingKey } from '@machines/startSession';
import { shallowEqual, useSelector } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { DeleteLeiaActor, LeiaViewActor } from './actors';

/**
 * The actions of a result row, each an action definition (machines/searchList/actions.ts) and the
 * flow it is sent to, with what only a row adds: its icon, the key that runs it on a focused row,
 * and (with `page`) the palette page that searches, as the user types, the LEIAs the screen lists
 * and offers those where the flow takes it (see useLeiaCommands). So a new row action is one more
 * definition and one more entry, and its button, key and palette command come with it.
 */
export interface RowAction {
  flow: Flow;
  action: ActionDefinition<LeiaRowTarget, EventObject>;
  icon?: ReactNode;
  variant?: ButtonVariant;
  /** Shows a spinner on the button (the flow is busy with this LEIA, which it then refuses). */
  busy?: (snapshot: AnyMachineSnapshot, leia: LeiaListItem) => boolean;
  /** KeyboardEvent.key that runs it on a focused row: 'Enter', 'Delete'. */
  key?: string;
  /** Also a palette command (its title ends with '...'); `empty` is shown when no LEIA matches. */
  page?: { placeholder: string; empty: string };
}

/** Whether the row offers it: who may (its `allowed`) and the target it applies to. */
export const offers = ({ action }: RowAction, target: LeiaRowTarget): boolean =>
  (action.allowed?.(target.viewer) ?? true) && (action.applies?.(target) ?? true);

/** Whether its flow takes it on this LEIA now (a key runs only then). */
export const canRun = (row: RowAction, target: LeiaRowTarget): boolean =>
  offers(row, target) && availability(row.flow.getSnapshot(), row.action, target).can;

/** What a row's button shows of its action now: absent, disabled, busy. */
export function useRowAction(row: RowAction, target: LeiaRowTarget) {
  // One subscription per button: a page of rows holds many.
  const { can, busy } = useSelector(
    row.flow,
    (s: AnyMachineSnapshot) => ({
      can: availability(s, row.action, target).can,
      busy: row.busy?.(s, target.leia) ?? false,
    }),
    shallowEqual,
  );
  return { shown: offers(row, target), disabled: !can, busy };
}

/** Busy: 'Design from this' is loading this LEIA's parts. */
const designingIt = (s: AnyMachineSnapshot, leia: LeiaListItem) =>
  presetLoadingKey(s as DesignPresetSnapshot) === leia.id;
/** Busy: Try is starting a session with this LEIA. */
export const startingIt = (s: AnyMachineSnapshot, leia: LeiaListItem) =>
  startingKey(s as StartSessionSnapshot) === leia.id;

const page = (verb: string, empty = 'No LEIAs found') => ({
  placeholder: `${verb} which LEIA? Type a name or description`,
  empty,
});

/** The row actions in the product's order: Design from this, View, Try, Add to Activity, Delete. */
export function useRowActions(): readonly RowAction[] {
  const design = DesignPresetActor.useActorRef();
  const view = LeiaViewActor.useActorRef();
  const session = StartSessionActor.useActorRef();
  const adding = AddToActivityActor.useActorRef();
  const remove = DeleteLeiaActor.useActorRef();
  return useMemo<RowAction[]>(
    () => [
      {
        flow: design,
        action: designFromLeia,
        icon: <SparklesIcon />,
        busy: designingIt,
        page: page('Design from'),
      },
      { flow: view, action: viewLeia, icon: <EyeIcon />, key: 'Enter', page: page('View') },
      {
        flow: session,
        action: tryLeia,
        icon: <MessageIcon />,
        busy: startingIt,
        page: page('Try'),
      },
      { flow: adding, action: addToActivity, icon: <PlusIcon /> },
      {
        flow: remove,
        action: deleteLeia,
        icon: <TrashIcon />,
        variant: 'ghost',
        key: 'Delete',
        page: page('Delete', 'No LEIAs found that you may delete'),
      },
    ],
    [design, view, session, adding, remove],
  );
}
