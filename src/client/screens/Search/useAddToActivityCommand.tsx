import { commandFields } from '@client/actions/commands';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import { AddToActivityActor } from '@client/activities/addToActivityActor';
import { addLeiaToActivityCommand } from '@client/activities/paletteArguments';
import { usePaletteCommands } from '@client/palette';
import { addLeiaToActivity } from '@machines/searchList/actions';
import { searchQuery } from '@machines/searchList/machine';
import { useMemo } from 'react';
import { LeiaListActor } from './actors';

/**
 * The palette's 'Add LEIA to activity...' on a LEIA list (admins): the LEIA, then the activity or
 * a new one, added at once without the modal; greyed with its reason while the flow refuses it
 * (the row's 'Add to Activity', which opens the modal, is a row action: ./rowActions.tsx).
 */
export function useAddToActivityCommand(): void {
  const actor = AddToActivityActor.useActorRef();
  const now = useActionSnapshot(actor);
  const list = LeiaListActor.useActorRef();
  usePaletteCommands(
    useMemo(
      () => [
        addLeiaToActivityCommand({
          disabled: commandFields(addLeiaToActivity, now).disabled,
          version: () => searchQuery(list.getSnapshot().context.filters).version,
          run: (leia, activity) => actor.send(addLeiaToActivity.event({ leia, activity })),
        }),
      ],
      [actor, now, list],
    ),
  );
}
