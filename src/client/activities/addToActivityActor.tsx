import { addLeiaToActivity, createActivity, listActivities } from '@client/api/activities';
import { withFailure } from '@client/api/errors';
import { showNotice } from '@client/toasts';
import { addToActivityMachine } from '@machines/addToActivity';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { fromPromise } from 'xstate';

/** Adding a LEIA to an activity (machines/addToActivity.ts): Search's modal and the palette. */
export const AddToActivityActor = createActorContext(addToActivityMachine);

export interface AddToActivityActorsProps {
  /** After a LEIA was added (My Activities reloads its list). Fixed for the life of the screen. */
  onAdded?: (activityId: string) => void;
  children: ReactNode;
}

/** Wires the machine once: the unpublished activities, create, add; toasts bottom-right for 5 s. */
export function AddToActivityActors({ onAdded, children }: AddToActivityActorsProps) {
  const [logic] = useState(() =>
    addToActivityMachine.provide({
      actors: {
        loadActivities: fromPromise(async ({ signal }) =>
          (await withFailure(listActivities({ visibility: 'private' }, { signal }))).map(({ id, name }) => ({
            id,
            name,
          })),
        ),
        createActivity: fromPromise(async ({ input }) => {
          const { id, name } = await withFailure(createActivity(input.name));
          return { id, name };
        }),
        addLeia: fromPromise(({ input }) => withFailure(addLeiaToActivity(input.activityId, input.leiaId))),
      },
      actions: {
        notify: showNotice,
        onAdded: (_, { activityId }) => onAdded?.(activityId),
      },
    }),
  );
  return <AddToActivityActor.Provider logic={logic}>{children}</AddToActivityActor.Provider>;
}
