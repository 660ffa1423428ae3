import { withFailure } from '@client/api/errors';
import { createUser, deleteUser, listUsers, type UserListItem, updateUser } from '@client/api/users';
import { actorOf, useAuth } from '@client/auth';
import { showNotice } from '@client/toasts';
import {
  createDeleteDialogMachine,
  type DeleteDialogInput,
  deleteErrorDescriber,
} from '@machines/deleteDialog';
import { USER_FORM_SUCCESS_MS, userFormMachine } from '@machines/users/form';
import { userListMachine } from '@machines/users/list';
import { userRoleMachine } from '@machines/users/role';
import { USER_DELETE_TEXTS } from '@shared/messages/deletion';
import { type Actor, canDeleteUser } from '@shared/permissions';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { fromPromise } from 'xstate';

/**
 * The User Management screen's actors: the list, the add/edit modal, the delete modal and the
 * palette's role change.
 * Every IO actor rejects with a Failure (withFailure), the shape the machines' message rules read.
 */

export const deleteUserMachine = createDeleteDialogMachine<UserListItem>();

export const UserListActor = createActorContext(userListMachine);
export const UserFormActor = createActorContext(userFormMachine);
export const DeleteUserActor = createActorContext(deleteUserMachine);
export const UserRoleActor = createActorContext(userRoleMachine);

/** The delete dialog of this viewer: never on their own account (the same rule as the action's). */
const deleteUserInput = (viewer: Actor | null): DeleteDialogInput => ({
  // Same green-message time as the user form.
  successDelayMs: USER_FORM_SUCCESS_MS,
  subject: 'Email',
  describeError: deleteErrorDescriber({ fallback: USER_DELETE_TEXTS.fallback }),
  deletable: (user) => canDeleteUser(viewer, user),
});

/** Wires the screen's machines once, the list first: both modals reload it. */
export function UserActors({ children }: { children: ReactNode }) {
  const [logic] = useState(() =>
    userListMachine.provide({
      actors: { loadUsers: fromPromise(({ signal }) => withFailure(listUsers({ signal }))) },
    }),
  );
  return (
    <UserListActor.Provider logic={logic}>
      <UserModalActors>{children}</UserModalActors>
    </UserListActor.Provider>
  );
}

/** Both modals reload the list once they have closed after a success, and so does a role change. */
function UserModalActors({ children }: { children: ReactNode }) {
  const list = UserListActor.useActorRef();
  const { user } = useAuth();
  const [deleteInput] = useState(() => deleteUserInput(actorOf(user)));
  const [logic] = useState(() => {
    const reload = () => list.send({ type: 'list.reload' });
    const reloadFocusing = (savedId: string | null) => list.send({ type: 'list.reload', focus: savedId });
    return {
      form: userFormMachine.provide({
        actors: {
          saveUser: fromPromise(({ input }) =>
            withFailure(
              input.mode === 'create' ? createUser(input.payload) : updateUser(input.id, input.payload),
            ),
          ),
        },
        actions: { onDone: (_, { savedId }) => reloadFocusing(savedId) },
      }),
      remove: deleteUserMachine.provide({
        actors: { deleteItem: fromPromise(({ input }) => withFailure(deleteUser(input.target.id))) },
        actions: { onDeleted: reload },
      }),
      role: userRoleMachine.provide({
        actors: {
          saveRole: fromPromise(({ input: { user, role } }) =>
            withFailure(updateUser(user.id, { email: user.email, role })),
          ),
        },
        actions: {
          notify: showNotice,
          onChanged: reload,
        },
      }),
    };
  });
  return (
    <UserFormActor.Provider logic={logic.form}>
      <DeleteUserActor.Provider logic={logic.remove} options={{ input: deleteInput }}>
        <UserRoleActor.Provider logic={logic.role}>{children}</UserRoleActor.Provider>
      </DeleteUserActor.Provider>
    </UserFormActor.Provider>
  );
}
