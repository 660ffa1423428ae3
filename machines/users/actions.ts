import { type Actor, canDeleteUser, canManageUsers } from '@shared/permissions';
import type { UserListItem } from '@shared/schemas/users';
import { actionsOf } from '../action';
import type { DeleteDialogEvent } from '../deleteDialog';
import type { UserFormEvent } from './form';
import { type RoleChange, USER_ROLE_TEXTS, type UserRoleEvent } from './role';

/**
 * What an admin can do on User Management, each defined once (machines/action.ts): the screen's
 * buttons and its palette commands come from these. When each is available is the guards of the
 * machine it is sent to: the add/edit form (./form.ts), the delete dialog (../deleteDialog.ts,
 * which never opens on the admin's own account) and the role change (./role.ts).
 */

const GROUP = 'Users';
const onForm = actionsOf<UserFormEvent>();
const onDelete = actionsOf<DeleteDialogEvent<UserListItem>>();
const onRole = actionsOf<UserRoleEvent>();

export const USER_ACTION_TEXTS = {
  saving: 'A user is being saved',
  deleting: 'A user is being deleted',
} as const;

export const addUser = onForm({
  id: 'users.add',
  label: 'Add User',
  title: 'Add user',
  group: GROUP,
  keywords: ['new', 'create', 'account'],
  allowed: canManageUsers,
  type: 'form.open',
  event: () => ({ type: 'form.open' }),
  unavailable: USER_ACTION_TEXTS.saving,
});

export const editUser = onForm<UserListItem>({
  id: 'users.edit',
  label: 'Edit user',
  title: 'Edit user...',
  group: GROUP,
  keywords: ['change', 'role', 'password'],
  allowed: canManageUsers,
  type: 'form.open',
  event: (user) => ({ type: 'form.open', user }),
  unavailable: USER_ACTION_TEXTS.saving,
});

/**
 * Delete a user: never the viewer's own account (`canDeleteUser`, which the server enforces too),
 * so the action is the viewer's; the delete dialog is given the same predicate as its guard.
 */
export const deleteUserBy = (viewer: Actor | null) =>
  onDelete<UserListItem>({
    id: 'users.delete',
    label: 'Delete user',
    title: 'Delete user...',
    group: GROUP,
    keywords: ['remove', 'account'],
    allowed: canManageUsers,
    type: 'dialog.open',
    event: (user) => ({ type: 'dialog.open', target: user, expected: user.email }),
    applies: (user) => canDeleteUser(viewer, user),
    unavailable: USER_ACTION_TEXTS.deleting,
  });

export const changeRole = onRole<RoleChange>({
  id: 'users.changeRole',
  label: 'Change role',
  title: 'Change user role...',
  group: GROUP,
  keywords: ['role', 'promote', 'demote', 'permissions', 'administrator', 'advanced', 'instructor'],
  allowed: canManageUsers,
  type: 'role.change',
  event: ({ user, role }) => ({ type: 'role.change', user, role }),
  unavailable: USER_ROLE_TEXTS.saving,
});
