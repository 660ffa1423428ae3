import { nameCheckMachine } from '@machines/nameCheck';
import type { CreateLeiaInput, CreatePartInput, WizardEvent, WizardInput } from '@machines/wizard/contract';
import { type WizardSnapshot, wizardMachine } from '@machines/wizard/machine';
import type { NameKey } from '@machines/wizard/parts';
import { createActor, fromPromise, transition } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';

/**
 * The wizard's graph for the model-based tests (xstate/graph). Traversal is pure, so the invoke
 * outcomes and the name-check reports are fed in as the events XState would deliver, and the
 * actions are named, not run (Try and Finish do nothing here).
 */
const quiet = () => {};
const model = wizardMachine.provide({ actions: { startTry: quiet, finished: quiet, logNoLeia: quiet } });

export const as = (event: object) => event as unknown as WizardEvent;

export const stateOf = (s: { value: unknown }) => JSON.stringify(s.value);

/** A vertex is the state plus what its guards read. */
export const serializeState = (s: WizardSnapshot) =>
  JSON.stringify([
    s.value,
    Object.entries(s.context.parts).map(([kind, part]) => [kind, part?.id, part?.edited === true]),
    s.context.names,
    s.context.verifying,
    Object.keys(s.context.created),
    s.context.visibility,
    s.context.saveAs,
    Object.entries(s.context.notes).map(([key, note]) => [key, note?.value !== '', note?.error !== null]),
    s.context.source?.id ?? null,
    s.context.incoming !== null,
  ]);

export interface GraphOptions {
  events: readonly WizardEvent[] | ((state: WizardSnapshot) => readonly WizardEvent[]);
  /** States the traversal does not go beyond (to keep a graph small). */
  stopWhen?: (state: WizardSnapshot) => boolean;
}

export const shortestPaths = (input: WizardInput, options: GraphOptions) =>
  getShortestPaths(model, { ...options, input, serializeState });

export interface Edge {
  from: WizardSnapshot;
  event: WizardEvent;
  to: WizardSnapshot;
  /**
   * The actions the transition runs that the app provides (startTry, logNoLeia...), worked out on
   * demand; context updates (assign) are built-in actions and are left out.
   */
  actions: () => string[];
}

/** Every transition of the reachable graph. */
export const graphEdges = (input: WizardInput, options: GraphOptions): Edge[] =>
  adjacencyMapToArray(getAdjacencyMap(model, { ...options, input, serializeState })).map(
    ({ state, event, nextState }) => ({
      from: state,
      event,
      to: nextState,
      actions: () =>
        transition(model, state, event)[1]
          .map((action) => action.type)
          .filter((type) => !type.startsWith('xstate.')),
    }),
  );

/** 'from --event--> to', or with `actions`: 'from --event [a, b]--> to'. */
export const edgeLabel = ({ from, event, to, actions }: Edge, withActions = false) =>
  `${stateOf(from)} --${event.type}${withActions ? ` [${actions().join(', ')}]` : ''}--> ${stateOf(to)}`;

/** Follows each path with a live actor whose IO never answers: the path's events stand for the answers. */
export const expectLiveAgrees = (input: WizardInput, paths: ReturnType<typeof shortestPaths>) => {
  const pending = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => {}));
  const live = wizardMachine.provide({
    actors: {
      nameCheck: nameCheckMachine.provide({
        actors: { nameExists: pending<boolean, { key: NameKey; name: string }>() },
      }),
      createResource: pending<{ id: string }, CreatePartInput>(),
      createLeia: pending<{ id: string }, CreateLeiaInput>(),
      loadLatest: pending(),
    },
    actions: { startTry: quiet, finished: quiet, logNoLeia: quiet },
  });
  for (const path of paths) {
    const actor = createActor(live, { input }).start();
    for (const step of path.steps.slice(1)) actor.send(step.event);
    expect(serializeState(actor.getSnapshot())).toBe(serializeState(path.state));
    actor.stop();
  }
};
