import { AddToActivityActor } from '@client/activities/addToActivityActor';
import { addLeiaToActivityCommand } from '@client/activities/paletteArguments';
import { PlusIcon } from '@client/components';
import { usePaletteCommands } from '@client/palette';
import { ACTIVITY_LIST_TEXTS } from '@machines/activityList/contract';
import { isBusy } from '@machines/addToActivity';
import { searchQuery } from '@machines/searchList';
import { canManageActivities } from '@shared/permissions';
import { useMemo } from 'react';
import { LeiaListActor } from './actors';
import type { RowAction } from './rowActions';

/**
 * The row action 'Add to Activity' (admins): opens the Add-to-activity modal for that LEIA. Its
 * palette command is 'Add LEIA to activity...' (the LEIA, then the activity or a new one), which
 * adds at once without the modal.
 */
export function useAddToActivityAction(): readonly RowAction[] {
  const actor = AddToActivityActor.useActorRef();
  const busy = AddToActivityActor.useSelector(isBusy);
  const list = LeiaListActor.useActorRef();
  usePaletteCommands(
    useMemo(
      () => [
        addLeiaToActivityCommand({
          disabled: busy ? ACTIVITY_LIST_TEXTS.busy : undefined,
          version: () => searchQuery(list.getSnapshot().context.filters).version,
          run: (leia, activity) => actor.send({ type: 'add.direct', leia, activity }),
        }),
      ],
      [actor, busy, list],
    ),
  );
  return useMemo(
    () => [
      {
        id: 'addToActivity',
        label: 'Add to Activity',
        icon: <PlusIcon />,
        visible: (_, user) => canManageActivities(user),
        run: (leia) => actor.send({ type: 'add.open', leia: { id: leia.id, name: leia.metadata.name } }),
      },
    ],
    [actor],
  );
}
