import { type Role, roleLabel } from '@shared/roles';
import type { UserListItem } from '@shared/schemas/users';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { failureMessage, failureValidationText } from '../failure';
import type { Notice } from '../notice';
import { notProvided } from '../notProvided';

/**
 * Changing a user's role without the Edit User modal (the admin's 'Change user role...' palette
 * command): the same PUT /api/v1/users/{id}, with the user's email and the new role.
 *
 *   Idle --role.change {user, role} (another role than the user's: `changesRole`)--> Saving --done--> Idle (success toast; onChanged reloads the list)
 *                                             --error--> Idle (failure toast)
 *
 * While Saving the command is disabled, so one change is saved at a time. The failure toast is the
 * server's validation texts, else its message (e.g. the last administrator's role cannot change),
 * else USER_ROLE_TEXTS.failed.
 */

export const USER_ROLE_TEXTS = {
  changed: (email: string, role: Role) => `${email} is now ${roleLabel(role)}`,
  failed: 'Failed to change the role',
  saving: 'A role change is being saved',
} as const;

export interface RoleChange {
  /** The user, with the role they have when it is known: a change to that same role is refused. */
  user: Pick<UserListItem, 'id' | 'email'> & { role?: Role };
  role: Role;
}

/** The change gives the user another role than theirs (the palette offers only those). */
export const changesRole = ({ user, role }: RoleChange): boolean => user.role !== role;

export interface UserRoleContext {
  change: RoleChange | null;
}

export type UserRoleEvent = { type: 'role.change' } & RoleChange;

export const userRoleMachine = setup({
  types: {
    context: {} as UserRoleContext,
    events: {} as UserRoleEvent,
    tags: {} as 'loading',
  },
  actors: {
    /** PUT /users/{id} with { email, role }; rejects with a Failure. */
    saveRole: fromPromise<unknown, RoleChange>(async () => notProvided('userRole', 'saveRole')),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('userRole', 'notify'),
    /** The role has changed: reload the list. */
    onChanged: () => notProvided('userRole', 'onChanged'),
  },
  guards: {
    changesRole: ({ event }) => changesRole(event),
  },
}).createMachine({
  id: 'userRole',
  context: { change: null },
  initial: 'Idle',
  states: {
    Idle: {
      entry: assign({ change: null }),
      on: {
        'role.change': {
          guard: 'changesRole',
          target: 'Saving',
          actions: assign({ change: ({ event }) => ({ user: event.user, role: event.role }) }),
        },
      },
    },
    Saving: {
      tags: 'loading',
      invoke: {
        src: 'saveRole',
        input: ({ context }) => context.change!,
        onDone: {
          target: 'Idle',
          actions: [
            {
              type: 'notify',
              params: ({ context }): Notice => ({
                tone: 'success',
                message: USER_ROLE_TEXTS.changed(context.change!.user.email, context.change!.role),
              }),
            },
            'onChanged',
          ],
        },
        onError: {
          target: 'Idle',
          actions: {
            type: 'notify',
            params: ({ event }): Notice => ({
              tone: 'error',
              message:
                failureValidationText(event.error) || failureMessage(event.error, USER_ROLE_TEXTS.failed),
            }),
          },
        },
      },
    },
  },
});

export type UserRoleSnapshot = SnapshotFrom<typeof userRoleMachine>;

export const isSavingRole = (s: UserRoleSnapshot): boolean => s.hasTag('loading');
