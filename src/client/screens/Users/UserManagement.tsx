import { ActionButton } from '@client/actions/ActionButton';
import { actorOf, useAuth } from '@client/auth';
import { EmptyState, ErrorState, LoadingState, Page, PlusIcon } from '@client/components';
import { addUser, deleteUserBy } from '@machines/users/actions';
import { USER_LIST_TEXTS, userListView } from '@machines/users/list';
import { useMemo } from 'react';
import { DeleteUserActor, UserActors, UserFormActor, UserListActor } from './actors';
import { DeleteUserModal } from './DeleteUserModal';
import { UserFormModal } from './UserFormModal';
import { UsersTable } from './UsersTable';
import { useUserCommands } from './useUserCommands';
import './users.css';

/**
 * User Management (route /administration/users, admin only). The list, the
 * add/edit modal and the delete modal are three machines (./actors.tsx); this view renders their
 * snapshots.
 */
export function UserManagement() {
  return (
    <UserActors>
      <UserManagementView />
    </UserActors>
  );
}

export default UserManagement;

function UserManagementView() {
  const list = UserListActor.useActorRef();
  const form = UserFormActor.useActorRef();
  const remove = DeleteUserActor.useActorRef();
  const { user } = useAuth();
  const deleteUser = useMemo(() => deleteUserBy(actorOf(user)), [user]);
  useUserCommands(deleteUser);
  const state = UserListActor.useSelector(userListView);
  const users = UserListActor.useSelector((s) => s.context.users);
  const focus = UserListActor.useSelector((s) => s.context.focus);

  return (
    <Page
      title="User Management"
      description="Manage users, roles, and permissions"
      actions={<ActionButton flow={form} action={addUser} variant="primary" icon={<PlusIcon />} />}
    >
      {state === 'loading' && <LoadingState text={USER_LIST_TEXTS.loading} />}
      {state === 'empty' && <EmptyState title={USER_LIST_TEXTS.empty} />}
      {state === 'failed' && (
        <ErrorState message={USER_LIST_TEXTS.failed} onRetry={() => list.send({ type: 'list.retry' })} />
      )}
      {state === 'table' && (
        <UsersTable users={users} form={form} remove={remove} deleteUser={deleteUser} focus={focus} />
      )}
      <UserFormModal />
      <DeleteUserModal />
    </Page>
  );
}
