import { listUsers, type UserListItem } from '@client/api/users';
import { type Command, defineCommand, type StaticArgument, usePaletteCommands } from '@client/palette';
import { USER_LIST_TEXTS } from '@machines/userList';
import { isSavingRole, USER_ROLE_TEXTS } from '@machines/userRole';
import { type Actor, canDeleteUser, canManageUsers } from '@shared/permissions';
import { ROLE_LABELS, ROLES, type Role, roleLabel } from '@shared/roles';
import { useMemo } from 'react';
import { DeleteUserActor, UserFormActor, UserRoleActor } from './actors';

/**
 * The screen's palette commands: the same actions as the buttons, for admins only (the predicate
 * the route guard also uses), and 'Change user role...' (which user, then which role). The user
 * pages load the users afresh, so they list current accounts even when the table failed to load.
 */
export function useUserCommands(viewer: Actor | null) {
  const form = UserFormActor.useActorRef();
  const remove = DeleteUserActor.useActorRef();
  const roles = UserRoleActor.useActorRef();
  const savingRole = UserRoleActor.useSelector(isSavingRole);
  const commands = useMemo(
    (): Command[] => [
      {
        id: 'users.add',
        title: 'Add user',
        group: GROUP,
        keywords: ['new', 'create', 'account'],
        allowed: canManageUsers,
        run: () => form.send({ type: 'form.open' }),
      },
      defineCommand({
        id: 'users.edit',
        title: 'Edit user...',
        group: GROUP,
        keywords: ['change', 'role', 'password'],
        allowed: canManageUsers,
        args: [userArgument('Edit which user? Type an email')],
        run: (user) => form.send({ type: 'form.open', user }),
      }),
      defineCommand({
        id: 'users.delete',
        title: 'Delete user...',
        group: GROUP,
        keywords: ['remove', 'account'],
        allowed: canManageUsers,
        // The admin's own account is not offered: it cannot be deleted.
        args: [userArgument('Delete which user? Type an email', (user) => canDeleteUser(viewer, user))],
        run: (user) => remove.send({ type: 'dialog.open', target: user, expected: user.email }),
      }),
      defineCommand({
        id: 'users.changeRole',
        title: 'Change user role...',
        group: GROUP,
        keywords: ['role', 'promote', 'demote', 'permissions', 'administrator', 'advanced', 'instructor'],
        allowed: canManageUsers,
        disabled: savingRole ? USER_ROLE_TEXTS.saving : undefined,
        args: [userArgument('Change whose role? Type an email'), roleArgument],
        run: (user, role) => roles.send({ type: 'role.change', user, role }),
      }),
    ],
    [form, remove, roles, savingRole, viewer],
  );
  usePaletteCommands(commands);
}

const GROUP = 'Users';

/** Which user: every account (or those `offered` keeps), by email, with its role. */
const userArgument = (
  placeholder: string,
  offered: (user: UserListItem) => boolean = () => true,
): StaticArgument<UserListItem> => ({
  placeholder,
  empty: USER_LIST_TEXTS.empty,
  load: async (signal) =>
    (await listUsers({ signal })).filter(offered).map((user) => ({
      id: user.id,
      title: user.email,
      subtitle: roleLabel(user.role),
      keywords: [user.role],
      value: user,
    })),
});

/** Which role for the chosen user: the roles it does not have yet. */
const roleArgument = (user: UserListItem): StaticArgument<Role> => ({
  placeholder: 'Which new role? Type a role',
  load: () =>
    ROLES.filter((role) => role !== user.role).map((role) => ({
      id: role,
      title: ROLE_LABELS[role],
      value: role,
    })),
});
