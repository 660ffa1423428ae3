import { listUsers, type UserListItem } from '@client/api/users';
import { type Command, type PaletteItem, usePaletteCommands } from '@client/palette';
import type { userFormMachine } from '@machines/userForm';
import { canManageUsers } from '@shared/permissions';
import { roleLabel } from '@shared/roles';
import type { ActorRefFrom } from 'xstate';
import { DeleteUserActor, type deleteUserMachine, UserFormActor } from './actors';

/**
 * The screen's palette commands (ARCHITECTURE.md "Palette and keyboard"): the same actions as
 * the buttons, for admins only (the predicate the route guard also uses). The nested pages load
 * the users afresh, so they list current accounts even when the table failed to load.
 */
export function useUserCommands() {
  const form = UserFormActor.useActorRef();
  const remove = DeleteUserActor.useActorRef();
  usePaletteCommands(userCommands(form, remove), [form, remove]);
}

const userCommands = (
  form: ActorRefFrom<typeof userFormMachine>,
  remove: ActorRefFrom<typeof deleteUserMachine>,
): Command[] => {
  // The page's items carry only ids; the last loaded list maps them back to users.
  let loaded: UserListItem[] = [];
  const userPage = (placeholder: string, pick: (user: UserListItem) => void) => ({
    placeholder,
    empty: 'No users registered',
    load: async (signal: AbortSignal): Promise<PaletteItem[]> => {
      loaded = await listUsers({ signal });
      return loaded.map((user) => ({
        id: user.id,
        title: user.email,
        subtitle: roleLabel(user.role),
        keywords: [user.role],
      }));
    },
    select: (item: PaletteItem) => {
      const user = loaded.find((candidate) => candidate.id === item.id);
      if (user) pick(user);
    },
  });
  return [
    {
      id: 'users.add',
      title: 'Add user',
      group: 'Users',
      keywords: ['new', 'create', 'account'],
      allowed: canManageUsers,
      run: () => form.send({ type: 'form.open' }),
    },
    {
      id: 'users.edit',
      title: 'Edit user...',
      group: 'Users',
      keywords: ['change', 'role', 'password'],
      allowed: canManageUsers,
      page: userPage('Edit which user? Type an email', (user) => form.send({ type: 'form.open', user })),
    },
    {
      id: 'users.delete',
      title: 'Delete user...',
      group: 'Users',
      keywords: ['remove', 'account'],
      allowed: canManageUsers,
      page: userPage('Delete which user? Type an email', (user) =>
        remove.send({ type: 'dialog.open', target: user, expected: user.email }),
      ),
    },
  ];
};
