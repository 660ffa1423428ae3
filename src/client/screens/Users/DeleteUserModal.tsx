import { Button, Modal, TextInput } from '@client/components';
import {
  canConfirm,
  confirmMismatch,
  type DeleteDialogSnapshot,
  hasDeleted,
  isDeleteDialogOpen,
  isDeleting,
} from '@machines/deleteDialog';
import type { UserListItem } from '@shared/schemas/users';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useId } from 'react';
import { FormMessage } from './FormMessage';
import { DELETE_USER_TEXTS, type UserActors } from './useUserActors';

type Snapshot = DeleteDialogSnapshot<UserListItem>;

/** What deleting hands over (ARCHITECTURE.md "Data model": owned work passes to the deleting admin). */
export const transferNotice = (count: number): string =>
  `${count} ${count === 1 ? 'item' : 'items'} owned by this user (resources, LEIAs, activities) will be transferred to you.`;

const selectView = (s: Snapshot) => ({
  open: isDeleteDialogOpen(s),
  user: s.context.target,
  typed: s.context.typed,
  error: s.context.error,
  mismatch: confirmMismatch(s),
  canConfirm: canConfirm(s),
  deleting: isDeleting(s),
  deleted: hasDeleted(s),
});

const sameView = (a: ReturnType<typeof selectView>, b: ReturnType<typeof selectView>) =>
  (Object.keys(a) as (keyof typeof a)[]).every((key) => Object.is(a[key], b[key]));

/** The typed-email delete confirmation (spec sections 2, 4 "User modal", 5 "Delete confirmation"). */
export function DeleteUserModal({ actor }: { actor: UserActors['remove'] }) {
  const view = useSelector(actor, selectView, sameView);
  const formId = useId();
  const { user } = view;
  const busy = view.deleting || view.deleted;

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'dialog.confirm' });
  };

  return (
    <Modal
      open={view.open && user !== null}
      onClose={() => actor.send({ type: 'dialog.cancel' })}
      title="Delete User"
      size="sm"
      dismissible={!view.deleting}
      footer={
        <>
          <Button variant="ghost" onClick={() => actor.send({ type: 'dialog.reset' })} disabled={busy}>
            Reset
          </Button>
          <Button onClick={() => actor.send({ type: 'dialog.cancel' })} disabled={view.deleting}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="danger"
            loading={view.deleting}
            disabled={!view.canConfirm}
          >
            {view.deleting ? 'Deleting...' : 'Delete User'}
          </Button>
        </>
      }
    >
      {user && (
        <form id={formId} className="delete-user" noValidate onSubmit={confirm}>
          <p>
            This action cannot be undone. The user <strong>{user.email}</strong> will be permanently deleted.
          </p>
          {user.ownedItems > 0 && <p className="delete-user__transfer">{transferNotice(user.ownedItems)}</p>}
          <TextInput
            label={
              <>
                Type <strong>{user.email}</strong> to confirm
              </>
            }
            autoComplete="off"
            spellCheck={false}
            data-autofocus=""
            value={view.typed}
            error={view.mismatch ?? undefined}
            disabled={busy}
            onChange={(event) => actor.send({ type: 'dialog.type', value: event.target.value })}
          />
          <FormMessage
            error={view.error?.message}
            success={view.deleted ? DELETE_USER_TEXTS.success : null}
          />
          {view.error?.dependents && (
            <ul className="delete-user__dependents">
              {view.error.dependents.map((item) => (
                <li key={item.id}>
                  {item.name} <code>{item.id}</code>
                </li>
              ))}
            </ul>
          )}
        </form>
      )}
    </Modal>
  );
}
