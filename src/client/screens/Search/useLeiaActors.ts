import { withFailure } from '@client/api/errors';
import { deleteLeia, getLeia, type LeiaListParams, listLeias } from '@client/api/leias';
import { LIST_SCREEN_TOAST } from '@client/toasts';
import { DELETE_LEIA_INPUT, deleteLeiaMachine } from '@machines/deleteLeia';
import { leiaViewMachine } from '@machines/leiaView';
import { SEARCH_LIST_TEXTS, searchListMachine } from '@machines/searchList';
import { LEIA_DELETE_TEXTS } from '@shared/messages/deletion';
import { useActorRef } from '@xstate/react';
import { toast } from 'sonner';
import { fromPromise } from 'xstate';

/**
 * The three actors behind a LEIA list screen (Search and My LEIAs) with the real API and toasts
 * wired in (ARCHITECTURE.md "Machines"): the result list, the View modal and the Delete dialog.
 * Every IO actor rejects with a Failure (withFailure), the shape the machines read.
 */

/** Which LEIAs a screen lists: every visible one (Search), or the signed-in user's (My LEIAs). */
export type LeiaScope = { kind: 'all' } | { kind: 'mine' };

/** The list parameters a scope adds to every request: My LEIAs asks the server for `owner=me`. */
export const scopeParams = (scope: LeiaScope): Pick<LeiaListParams, 'owner'> =>
  scope.kind === 'mine' ? { owner: 'me' } : {};

const listLogic = (scope: LeiaScope) =>
  searchListMachine.provide({
    actors: {
      loadPage: fromPromise(({ input: { query, cursor, limit }, signal }) =>
        withFailure(listLeias({ ...query, ...scopeParams(scope), cursor, limit, signal })),
      ),
    },
    actions: {
      notifyLoadFailed: () => {
        toast.error(SEARCH_LIST_TEXTS.failed, LIST_SCREEN_TOAST);
      },
    },
  });

const viewLogic = leiaViewMachine.provide({
  actors: { loadLeia: fromPromise(({ input, signal }) => withFailure(getLeia(input.id, { signal }))) },
});

const deleteLogic = deleteLeiaMachine.provide({
  actors: { deleteItem: fromPromise(({ input }) => withFailure(deleteLeia(input.target.id))) },
});

export function useLeiaActors(scope: LeiaScope) {
  // The scope is fixed for the life of the screen: the actors are created on the first render.
  const list = useActorRef(listLogic(scope), { input: {} });
  const view = useActorRef(viewLogic);
  const remove = useActorRef(
    deleteLogic.provide({
      actions: {
        onDeleted: (_, { target }) => {
          toast.success(LEIA_DELETE_TEXTS.success);
          list.send({ type: 'list.deleted', id: target.id });
        },
      },
    }),
    { input: DELETE_LEIA_INPUT },
  );
  return { list, view, remove };
}

export type LeiaActors = ReturnType<typeof useLeiaActors>;
