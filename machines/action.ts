import type { Actor } from '@shared/permissions';
import { type AnyMachineSnapshot, type EventObject, getNextTransitions } from 'xstate';

/**
 * A user action, defined once next to the machine event it sends: what its button says, how the
 * palette and the '?' help list it, who may, and why it is unavailable. Whether it is available is
 * never decided here: the machine's guards decide it, and `availability` reads them with
 * `snapshot.can` (docs/conventions.md "Recipe: a new action").
 */
export interface ActionDefinition<
  Target,
  Event extends EventObject,
  Snapshot extends AnyMachineSnapshot = AnyMachineSnapshot,
> {
  /** Stable id, also the palette command's: 'activities.publish'. */
  id: string;
  /** The button's text: 'Publish'. */
  label: string;
  /** The palette's title: 'Publish activity...' ('...' when it asks for its target). */
  title: string;
  /** The palette's heading: 'Activities'. */
  group: string;
  keywords?: string[];
  /** Shown beside the title in the palette and the '?' help ('Ctrl+Enter'). */
  shortcut?: string;
  /** Who may ever run it (a predicate of src/shared/permissions.ts); the others never see it. */
  allowed?: (actor: Actor | null) => boolean;
  /** The type of the event it sends, for asking the machine before a target is chosen. */
  type: Event['type'];
  /** The event it sends on this target. */
  event: (target: Target) => Event;
  /**
   * Whether the action exists for this target at all (Publish on an unpublished activity): the
   * same predicate the machine's guard uses. A target it does not apply to shows no button and
   * is not listed on the palette's page. Absent: every target.
   */
  applies?: (target: Target) => boolean;
  /**
   * Why it cannot run now, when the machine refuses it (a change is being saved); a function of the
   * snapshot when the reason depends on where the flow is (read with the flow's selectors).
   */
  unavailable: string | ((snapshot: Snapshot) => string);
}

/**
 * The `defineAction` of one flow, typed by its events, once per actions file:
 *
 *   const defineAction = actionsOf<ActivityListEvent>();
 *   export const publishActivity = defineAction<Activity>({ ..., type: 'activity.publish',
 *     event: (activity) => ({ type: 'activity.publish', activity }), ... });
 */
export const actionsOf =
  <Event extends EventObject, Snapshot extends AnyMachineSnapshot = AnyMachineSnapshot>() =>
  <Target = void>(action: ActionDefinition<Target, Event, Snapshot>): ActionDefinition<Target, Event> =>
    action as unknown as ActionDefinition<Target, Event>;

/** Why the action cannot run now (its `unavailable`, read from the snapshot when it is a function). */
export const reasonOf = (snapshot: AnyMachineSnapshot, action: Pick<AnyAction, 'unavailable'>): string =>
  typeof action.unavailable === 'function' ? action.unavailable(snapshot) : action.unavailable;

// biome-ignore lint/suspicious/noExplicitAny: an action of any target and event
export type AnyAction = ActionDefinition<any, EventObject>;

/**
 * Whether the flow's current state takes this action's event at all, whatever its target (a state
 * busy saving declares no transition for it): what the palette asks before a target is chosen.
 */
export const acceptsNow = (snapshot: AnyMachineSnapshot, action: Pick<AnyAction, 'type'>): boolean =>
  getNextTransitions(snapshot).some((transition) => transition.eventType === action.type);

export interface Availability {
  /** The action exists for this target (its button is shown). */
  applies: boolean;
  /** The machine takes the event now (snapshot.can). */
  can: boolean;
  /** Why not, when it applies but cannot run now. */
  reason?: string;
}

/** What the machine says of this action on this target now. */
export function availability<Target, Event extends EventObject>(
  snapshot: AnyMachineSnapshot,
  action: ActionDefinition<Target, Event>,
  target: Target,
): Availability {
  const applies = action.applies?.(target) ?? true;
  const can = applies && snapshot.can(action.event(target));
  return { applies, can, ...(applies && !can && { reason: reasonOf(snapshot, action) }) };
}
