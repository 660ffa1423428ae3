import { DeleteConfirmModal } from '@client/components/DeleteConfirmModal';
import { USER_DELETE_TEXTS } from '@shared/messages/deletion';
import type { UserListItem } from '@shared/schemas/users';
import { DeleteUserActor } from './actors';

const userWarning = (user: UserListItem) => (
  <>
    This action cannot be undone. The user <strong>{user.email}</strong> will be permanently deleted.
  </>
);

const userTransfer = (user: UserListItem) =>
  user.ownedItems > 0 ? USER_DELETE_TEXTS.transferNotice(user.ownedItems) : null;

/**
 * The typed-email delete confirmation:
 * the shared typed-confirmation dialog with the user's texts; the actor's input makes the
 * mismatch message say 'Email' and keeps the green success message for 1.5 s.
 */
export function DeleteUserModal() {
  return (
    <DeleteConfirmModal
      actor={DeleteUserActor.useActorRef()}
      noun="User"
      warning={userWarning}
      notice={userTransfer}
      successMessage={USER_DELETE_TEXTS.success}
    />
  );
}
