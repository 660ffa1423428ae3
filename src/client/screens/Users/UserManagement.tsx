import type { UserListItem } from '@client/api/users';
import { actorOf, useAuth } from '@client/auth';
import { Button, EmptyState, ErrorState, LoadingState, Page, PlusIcon } from '@client/components';
import { USER_LIST_TEXTS, userListView } from '@machines/userList';
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
  const viewer = useMemo(() => actorOf(user), [user]);
  useUserCommands(viewer);
  const state = UserListActor.useSelector(userListView);
  const users = UserListActor.useSelector((s) => s.context.users);
  const focus = UserListActor.useSelector((s) => s.context.focus);

  const addUser = () => form.send({ type: 'form.open' });
  const editUser = (user: UserListItem) => form.send({ type: 'form.open', user });
  const deleteUser = (user: UserListItem) =>
    remove.send({ type: 'dialog.open', target: user, expected: user.email });

  return (
    <Page
      title="User Management"
      description="Manage users, roles, and permissions"
      actions={
        <Button variant="primary" icon={<PlusIcon />} onClick={addUser}>
          Add User
        </Button>
      }
    >
      {state === 'loading' && <LoadingState text={USER_LIST_TEXTS.loading} />}
      {state === 'empty' && <EmptyState title={USER_LIST_TEXTS.empty} />}
      {state === 'failed' && (
        <ErrorState message={USER_LIST_TEXTS.failed} onRetry={() => list.send({ type: 'list.retry' })} />
      )}
      {state === 'table' && (
        <UsersTable users={users} viewer={viewer} focus={focus} onEdit={editUser} onDelete={deleteUser} />
      )}
      <UserFormModal />
      <DeleteUserModal />
    </Page>
  );
}
