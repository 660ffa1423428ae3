import type { UserListItem } from '@shared/schemas/users';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { notProvided } from '../notProvided';

/**
 * The User Management list.
 *
 *   Loading --done, some users--> Loaded
 *   Loading --done, none--> Empty ('No users registered')
 *   Loading --error--> Failed ('Failed to load users') --list.retry--> Loading
 *   Loaded | Empty --list.reload (after a save or a delete)--> Loading.Refreshing --> the same
 *   (a reload after a save names the saved user: the table puts the focus on their row)
 *
 * Refreshing keeps the rows on screen: the table does not flash a spinner after every save, and
 * the row whose button opened a modal is still there to take the focus back when it closes.
 * The app provides `loadUsers` (GET /api/v1/users).
 */

export const USER_LIST_TEXTS = {
  loading: 'Loading users...',
  empty: 'No users registered',
  failed: 'Failed to load users',
} as const;

export interface UserListContext {
  users: UserListItem[];
  /** The row to put the focus on once it is shown (the user just saved); a new object each time. */
  focus: { id: string } | null;
}

export type UserListEvent = { type: 'list.reload'; focus?: string | null } | { type: 'list.retry' };

export const userListMachine = setup({
  types: {
    context: {} as UserListContext,
    events: {} as UserListEvent,
  },
  actors: {
    loadUsers: fromPromise<UserListItem[]>(async () => notProvided('userList', 'loadUsers')),
  },
  actions: {
    rememberFocus: assign({
      focus: ({ event }) => (event.type === 'list.reload' && event.focus ? { id: event.focus } : null),
    }),
  },
}).createMachine({
  id: 'userList',
  context: { users: [], focus: null },
  initial: 'Loading',
  states: {
    Loading: {
      tags: 'loading',
      initial: 'Initial',
      states: {
        /** Nothing to show yet: the spinner. */
        Initial: {},
        /** The last rows stay on screen while the new ones load. */
        Refreshing: {},
      },
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
    Loaded: { on: { 'list.reload': { target: 'Loading.Refreshing', actions: 'rememberFocus' } } },
    Empty: { on: { 'list.reload': { target: 'Loading.Refreshing', actions: 'rememberFocus' } } },
    Failed: { on: { 'list.retry': 'Loading', 'list.reload': 'Loading' } },
  },
});

export type UserListSnapshot = SnapshotFrom<typeof userListMachine>;

/** What the screen shows: the spinner only on a first load or a retry, else the last outcome. */
export type UserListView = 'loading' | 'table' | 'empty' | 'failed';
export const userListView = (s: UserListSnapshot): UserListView => {
  if (s.matches('Failed')) return 'failed';
  if (s.matches({ Loading: 'Initial' })) return 'loading';
  return s.context.users.length > 0 ? 'table' : 'empty';
};
