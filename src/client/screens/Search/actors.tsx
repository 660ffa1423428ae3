import { withFailure } from '@client/api/errors';
import { deleteLeia, getLeia, type LeiaListParams, listLeias } from '@client/api/leias';
import { showNotice } from '@client/toasts';
import { DELETE_LEIA_INPUT, deleteLeiaMachine } from '@machines/deleteLeia';
import { leiaViewMachine } from '@machines/leiaView';
import { searchListMachine } from '@machines/searchList/machine';
import { LEIA_DELETE_TEXTS } from '@shared/messages/deletion';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { fromPromise } from 'xstate';
import { filtersFromUrl, urlOfFilters } from './searchUrl';

/**
 * The three actors behind a LEIA list screen (Search and My LEIAs): the result list, the View
 * modal and the Delete dialog. Every IO actor rejects with a Failure (withFailure), the shape
 * the machines read.
 */

export const LeiaListActor = createActorContext(searchListMachine);
export const LeiaViewActor = createActorContext(leiaViewMachine);
export const DeleteLeiaActor = createActorContext(deleteLeiaMachine);

/** Which LEIAs a screen lists: every visible one (Search), or the signed-in user's (My LEIAs). */
export type LeiaScope = { kind: 'all' } | { kind: 'mine' };

/** The list parameters a scope adds to every request: My LEIAs asks the server for `owner=me`. */
export const scopeParams = (scope: LeiaScope): Pick<LeiaListParams, 'owner'> =>
  scope.kind === 'mine' ? { owner: 'me' } : {};

/** Wires the list and the View modal once; the scope is fixed for the life of the screen. */
export function LeiaActors({ scope, children }: { scope: LeiaScope; children: ReactNode }) {
  // The search starts from the address bar (a link, a reload, back from a chat) and stays in it.
  const [initialFilters] = useState(() => filtersFromUrl(window.location.search));
  const [logic] = useState(() => ({
    list: searchListMachine.provide({
      actors: {
        loadPage: fromPromise(({ input: { query, cursor, limit }, signal }) =>
          withFailure(listLeias({ ...query, ...scopeParams(scope), cursor, limit, signal })),
        ),
      },
      actions: {
        notify: showNotice,
        // Replaced, not pushed: Back leaves the screen rather than undoing each keystroke.
        filtersChanged: (_, { filters }) =>
          window.history.replaceState(
            window.history.state,
            '',
            `${window.location.pathname}${urlOfFilters(filters)}`,
          ),
      },
    }),
    view: leiaViewMachine.provide({
      actors: { loadLeia: fromPromise(({ input, signal }) => withFailure(getLeia(input.id, { signal }))) },
    }),
  }));
  return (
    <LeiaListActor.Provider logic={logic.list} options={{ input: { filters: initialFilters } }}>
      <LeiaViewActor.Provider logic={logic.view}>
        <DeleteLeiaActors>{children}</DeleteLeiaActors>
      </LeiaViewActor.Provider>
    </LeiaListActor.Provider>
  );
}

/** A deleted LEIA leaves the list at once, with a toast; the list then reloads. */
function DeleteLeiaActors({ children }: { children: ReactNode }) {
  const list = LeiaListActor.useActorRef();
  const [logic] = useState(() =>
    deleteLeiaMachine.provide({
      actors: { deleteItem: fromPromise(({ input }) => withFailure(deleteLeia(input.target.id))) },
      actions: {
        onDeleted: (_, { target }) => {
          showNotice(null, { tone: 'success', message: LEIA_DELETE_TEXTS.success });
          list.send({ type: 'list.deleted', id: target.id });
        },
      },
    }),
  );
  return (
    <DeleteLeiaActor.Provider logic={logic} options={{ input: DELETE_LEIA_INPUT }}>
      {children}
    </DeleteLeiaActor.Provider>
  );
}
