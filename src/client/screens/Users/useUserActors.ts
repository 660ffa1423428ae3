import { withFailure } from '@client/api/errors';
import { createUser, deleteUser, listUsers, type UserListItem, updateUser } from '@client/api/users';
import { createDeleteDialogMachine, deleteErrorDescriber } from '@machines/deleteDialog';
import { USER_FORM_SUCCESS_MS, userFormMachine } from '@machines/userForm';
import { userListMachine } from '@machines/userList';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';

/**
 * The User Management screen's three actors with the real API wired in (ARCHITECTURE.md
 * "Machines": views only send events and select from snapshots). Every actor rejects with a
 * Failure (withFailure), the shape the machines' message rules read.
 */

export const DELETE_USER_TEXTS = {
  fallback: 'An error occurred while deleting the user',
  success: 'User deleted successfully!',
} as const;

const listLogic = userListMachine.provide({
  actors: { loadUsers: fromPromise(({ signal }) => withFailure(listUsers({ signal }))) },
});

const formLogic = userFormMachine.provide({
  actors: {
    saveUser: fromPromise(({ input }) =>
      withFailure(input.mode === 'create' ? createUser(input.payload) : updateUser(input.id, input.payload)),
    ),
  },
});

export const deleteUserMachine = createDeleteDialogMachine<UserListItem>();

const deleteLogic = deleteUserMachine.provide({
  actors: { deleteItem: fromPromise(({ input }) => withFailure(deleteUser(input.target.id))) },
});

export function useUserActors() {
  const list = useActorRef(listLogic);
  // Both modals reload the list once they have closed after a success (spec section 4).
  const reload = () => list.send({ type: 'list.reload' });
  const form = useActorRef(formLogic.provide({ actions: { onDone: reload } }), { input: {} });
  const remove = useActorRef(deleteLogic.provide({ actions: { onDeleted: reload } }), {
    input: {
      // Same green-message time as the user form (spec section 4 "User modal").
      successDelayMs: USER_FORM_SUCCESS_MS,
      subject: 'Email',
      describeError: deleteErrorDescriber({ fallback: DELETE_USER_TEXTS.fallback }),
    },
  });
  return { list, form, remove };
}

export type UserActors = ReturnType<typeof useUserActors>;
