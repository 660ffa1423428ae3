import type { UserListItem } from '@shared/schemas/users';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

/**
 * The User Management list (spec section 2 "User Management screen", section 8 "User management").
 *
 *   Loading --done, some users--> Loaded
 *   Loading --done, none--> Empty ('No users registered')
 *   Loading --error--> Failed ('Failed to load users') --list.retry--> Loading
 *   Loaded | Empty --list.reload (after a save or a delete)--> Loading
 *
 * The app provides `loadUsers` (GET /api/v1/users).
 */

export const USER_LIST_TEXTS = {
  loading: 'Loading users...',
  empty: 'No users registered',
  failed: 'Failed to load users',
} as const;

export interface UserListContext {
  users: UserListItem[];
}

export type UserListEvent = { type: 'list.reload' } | { type: 'list.retry' };

export const userListMachine = setup({
  types: {
    context: {} as UserListContext,
    events: {} as UserListEvent,
  },
  actors: {
    loadUsers: fromPromise<UserListItem[]>(async () => {
      throw new Error('userList: provide the loadUsers actor');
    }),
  },
}).createMachine({
  id: 'userList',
  context: { users: [] },
  initial: 'Loading',
  states: {
    Loading: {
      tags: 'loading',
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        onDone: [
          {
            guard: ({ event }) => event.output.length === 0,
            target: 'Empty',
            actions: assign({ users: [] }),
          },
          { target: 'Loaded', actions: assign({ users: ({ event }) => event.output }) },
        ],
        onError: { target: 'Failed', actions: assign({ users: [] }) },
      },
    },
    Loaded: { on: { 'list.reload': 'Loading' } },
    Empty: { on: { 'list.reload': 'Loading' } },
    Failed: { on: { 'list.retry': 'Loading', 'list.reload': 'Loading' } },
  },
});

export type UserListSnapshot = SnapshotFrom<typeof userListMachine>;
