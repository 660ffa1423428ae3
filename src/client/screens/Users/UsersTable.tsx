import { ActionIconButton } from '@client/actions/ActionButton';
import type { Flow } from '@client/actions/commands';
import type { UserListItem } from '@client/api/users';
import {
  Avatar,
  EditIcon,
  focusOn,
  RoleBadge,
  Table,
  TBody,
  Td,
  THead,
  Th,
  Tr,
  TrashIcon,
} from '@client/components';
import { formatDateTime } from '@client/format';
import type { ActionDefinition } from '@machines/action';
import { editUser } from '@machines/users/actions';
import { useEffect, useRef } from 'react';
import type { EventObject } from 'xstate';

export interface UsersTableProps {
  users: UserListItem[];
  /** The flows its Edit and Delete are sent to (machines/users/actions.ts). */
  form: Flow;
  remove: Flow;
  /** Delete of the one looking: their own row offers none. */
  deleteUser: ActionDefinition<UserListItem, EventObject>;
  /** The row that takes the focus once shown (the user just saved): its first button. */
  focus?: { id: string } | null;
}

/** The users as a table; on a phone each row stacks (users.css), so nothing scrolls sideways. */
export function UsersTable({ users, form, remove, deleteUser, focus = null }: UsersTableProps) {
  const table = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request, or new rows that now hold it
  useEffect(() => {
    if (!focus) return;
    focusOn(table.current?.querySelector<HTMLElement>(`[data-user-id="${focus.id}"] button`));
  }, [focus, users]);
  return (
    <div ref={table}>
      <Table label="Users" className="users-table">
        <THead>
          <Tr>
            <Th>Email</Th>
            <Th>Role</Th>
            <Th>Creation Date</Th>
            <Th className="cell--end" shrink>
              Actions
            </Th>
          </Tr>
        </THead>
        <TBody>
          {users.map((user) => (
            <Tr key={user.id} data-user-id={user.id}>
              <Td>
                <div className="user-cell">
                  <Avatar text={user.email} />
                  <div className="user-cell__text">
                    <span className="user-cell__email">{user.email}</span>
                    <span className="user-cell__id">{user.id}</span>
                  </div>
                </div>
              </Td>
              <Td>
                <RoleBadge role={user.role} />
              </Td>
              <Td className="users-table__created">
                <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time>
              </Td>
              <Td className="cell--end users-table__actions" shrink>
                <div className="user-actions">
                  <ActionIconButton
                    flow={form}
                    action={editUser}
                    target={user}
                    label={`Edit user ${user.email}`}
                    icon={<EditIcon />}
                  />
                  <ActionIconButton
                    flow={remove}
                    action={deleteUser}
                    target={user}
                    label={`Delete user ${user.email}`}
                    icon={<TrashIcon />}
                  />
                </div>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
