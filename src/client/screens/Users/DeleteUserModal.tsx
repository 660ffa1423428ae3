import { DeleteConfirmModal } from '@client/components/DeleteConfirmModal';
import type { UserListItem } from '@shared/schemas/users';
import { DELETE_USER_TEXTS, DeleteUserActor } from './actors';

/** What deleting hands over (ARCHITECTURE.md "Data model": owned work passes to the deleting admin). */
export const transferNotice = (count: number): string =>
  `${count} ${count === 1 ? 'item' : 'items'} owned by this user (resources, LEIAs, activities) will be transferred to you.`;

const userWarning = (user: UserListItem) => (
  <>
    This action cannot be undone. The user <strong>{user.email}</strong> will be permanently deleted.
  </>
);

const userTransfer = (user: UserListItem) => (user.ownedItems > 0 ? transferNotice(user.ownedItems) : null);

/**
 * The typed-email delete confirmation (spec sections 2, 4 "User modal", 5 "Delete confirmation"):
 * the shared typed-confirmation dialog with the user's texts; the actor's input makes the
 * mismatch message say 'Email' and keeps the green success message for 1.5 s.
 */
export function DeleteUserModal() {
  return (
    <DeleteConfirmModal
      actor={DeleteUserActor.useActorRef()}
      title="Delete User"
      confirmLabel="Delete User"
      warning={userWarning}
      notice={userTransfer}
      successMessage={DELETE_USER_TEXTS.success}
    />
  );
}
