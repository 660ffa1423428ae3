import type { UserListItem } from '@client/api/users';
import {
  Avatar,
  EditIcon,
  focusOn,
  IconButton,
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
import { type Actor, canDeleteUser } from '@shared/permissions';
import { useEffect, useRef } from 'react';

export interface UsersTableProps {
  users: UserListItem[];
  /** Who is looking: their own row offers no Delete. */
  viewer: Actor | null;
  /** The row that takes the focus once shown (the user just saved): its first button. */
  focus?: { id: string } | null;
  onEdit: (user: UserListItem) => void;
  onDelete: (user: UserListItem) => void;
}

/** The users as a table; on a phone each row stacks (users.css), so nothing scrolls sideways. */
export function UsersTable({ users, viewer, focus = null, onEdit, onDelete }: UsersTableProps) {
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
                  <IconButton
                    label={`Edit user ${user.email}`}
                    icon={<EditIcon />}
                    onClick={() => onEdit(user)}
                  />
                  {canDeleteUser(viewer, user) && (
                    <IconButton
                      label={`Delete user ${user.email}`}
                      icon={<TrashIcon />}
                      onClick={() => onDelete(user)}
                    />
                  )}
                </div>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
