import {
  actionCommand,
  actionOn,
  commandFields,
  type TargetPage,
  targetArgument,
  targetCommand,
} from '@client/actions/commands';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import { listUsers, type UserListItem } from '@client/api/users';
import { type Command, defineCommand, usePaletteCommands } from '@client/palette';
import type { ActionDefinition } from '@machines/action';
import { addUser, changeRole, editUser } from '@machines/users/actions';
import { USER_LIST_TEXTS } from '@machines/users/list';
import { ROLE_LABELS, ROLES, type Role, roleLabel } from '@shared/roles';
import { useMemo } from 'react';
import type { EventObject } from 'xstate';
import { DeleteUserActor, UserFormActor, UserRoleActor } from './actors';

/**
 * The screen's palette commands, from the same definitions as its buttons
 * (machines/users/actions.ts), for admins only, and 'Change user role...' (which user, then which
 * role). The user pages load the users afresh, so they list current accounts even when the table
 * failed to load; each keeps the users the action's machine takes now (Delete: not the viewer).
 */
export function useUserCommands(deleteUser: ActionDefinition<UserListItem, EventObject>) {
  const form = UserFormActor.useActorRef();
  const remove = DeleteUserActor.useActorRef();
  const roles = UserRoleActor.useActorRef();
  const formNow = useActionSnapshot(form, [addUser]);
  const removeNow = useActionSnapshot(remove);
  const rolesNow = useActionSnapshot(roles);
  const commands = useMemo(
    (): Command[] => [
      actionCommand(form, formNow, addUser),
      targetCommand(form, formNow, editUser, usersPage('Edit which user? Type an email')),
      targetCommand(remove, removeNow, deleteUser, usersPage('Delete which user? Type an email')),
      defineCommand({
        ...commandFields(changeRole, rolesNow),
        args: [
          targetArgument(
            roles,
            actionOn(changeRole, (user: UserListItem) => ({ user, role: otherRole(user.role) })),
            usersPage('Change whose role? Type an email'),
          ),
          (user: UserListItem) =>
            targetArgument(
              roles,
              actionOn(changeRole, (role: Role) => ({ user, role })),
              ROLE_PAGE,
            ),
        ],
        run: (user, role) => roles.send(changeRole.event({ user, role })),
      }),
    ],
    [form, formNow, remove, removeNow, deleteUser, roles, rolesNow],
  );
  usePaletteCommands(commands);
}

/** Which user: every account, fetched when the page opens, by email, with its role. */
const usersPage = (placeholder: string): TargetPage<UserListItem> => ({
  placeholder,
  empty: USER_LIST_TEXTS.empty,
  choices: (signal) => listUsers({ signal }),
  item: (user) => ({ id: user.id, title: user.email, subtitle: roleLabel(user.role), keywords: [user.role] }),
});

/** Which role for the chosen user: those the role change takes (not the one they have). */
const ROLE_PAGE: TargetPage<Role> = {
  placeholder: 'Which new role? Type a role',
  choices: () => [...ROLES],
  item: (role) => ({ id: role, title: ROLE_LABELS[role] }),
};

/** A role other than `role`: a user is offered for a role change when the machine takes one. */
const otherRole = (role: Role): Role => ROLES.find((other) => other !== role) ?? role;
