import {
  canConfirm,
  confirmMismatch,
  type DeleteDialogMachine,
  type DeleteDialogSnapshot,
  type DeleteTarget,
  hasDeleted,
  isDeleteDialogOpen,
  isDeleting,
} from '@machines/deleteDialog';
import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Button } from './Button';
import { TextInput } from './Field';
import { AlertIcon, CheckIcon } from './icons';
import { Modal } from './Modal';
import { useFocusRequest } from './useFocusRequest';
import './delete-confirm.css';

export interface DeleteDetail {
  label: string;
  value: ReactNode;
}

export interface DeleteConfirmModalProps<T extends DeleteTarget> {
  /**
   * A deleteDialog actor (machines/deleteDialog.ts) whose target is T. Its input decides what
   * the text to type is called in the mismatch message (`subject`: 'Name', 'Email') and how long
   * the success message stays (`successDelayMs`).
   */
  actor: ActorRefFrom<DeleteDialogMachine<T>>;
  /**
   * What is deleted ('LEIA', 'User'): the title, which names the dialog, and the danger button
   * read 'Delete LEIA'; the button reads 'Deleting...' while the call runs.
   */
  noun: string;
  /** 'This action cannot be undone. The LEIA will be permanently deleted.', or built from the target. */
  warning: ReactNode | ((target: T) => ReactNode);
  /** What is being deleted: Name, Type, Version, Created... (absent: no details table). */
  details?: (target: T) => DeleteDetail[];
  /** A further note under the warning, e.g. what passes to the deleting admin; null for none. */
  notice?: (target: T) => ReactNode;
  /** Shown in green once deleted, while the dialog stays open (the machine's successDelayMs). */
  successMessage?: string;
  /** Where the focus goes once the deleted item (and the button that opened this) is gone. */
  onOpenerGone?: () => void;
  /** A Reset button that clears the typed text: the product's Delete LEIA dialog has one, no other. */
  resettable?: boolean;
}

const selectView = <T extends DeleteTarget>(s: DeleteDialogSnapshot<T>) => ({
  open: isDeleteDialogOpen(s),
  target: s.context.target,
  expected: s.context.expected,
  typed: s.context.typed,
  error: s.context.error,
  mismatch: confirmMismatch(s),
  canConfirm: canConfirm(s),
  deleting: isDeleting(s),
  deleted: hasDeleted(s),
  focus: s.context.focus,
});

type View = ReturnType<typeof selectView>;
const sameView = (a: View, b: View) =>
  (Object.keys(a) as (keyof View)[]).every((key) => Object.is(a[key], b[key]));

/** What is being deleted, as a table (nothing when there are no details). */
function DeleteDetails({ details }: { details: DeleteDetail[] }) {
  if (details.length === 0) return null;
  return (
    <dl className="delete-confirm__details">
      {details.map((detail) => (
        <div key={detail.label} className="delete-confirm__detail">
          <dt>{detail.label}</dt>
          <dd>{detail.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The success message once deleted, or the server's refusal. */
function DeleteOutcome({ view, successMessage }: { view: View; successMessage: string | undefined }) {
  return (
    <>
      {view.deleted && successMessage && (
        <p className="alert alert--success" role="status">
          <CheckIcon />
          {successMessage}
        </p>
      )}
      {view.error && (
        <div className="alert alert--error" role="alert">
          <AlertIcon />
          {/* An in-use refusal names the dependents in its message. */}
          <p>{view.error.message}</p>
        </div>
      )}
    </>
  );
}

/**
 * The typed-confirmation delete dialog, for LEIAs, resources and users alike: the
 * texts come from the caller, the behaviour from the machine. While deleting every control is
 * disabled and the dialog cannot be dismissed; after a success shown in the dialog, only Cancel
 * (and dismissing) still work. An in-use conflict names the dependents; after any refusal the
 * focus, fallen from the disabled controls, goes to Cancel.
 */
export function DeleteConfirmModal<T extends DeleteTarget>({
  actor,
  noun,
  warning,
  details,
  notice,
  successMessage,
  onOpenerGone,
  resettable = false,
}: DeleteConfirmModalProps<T>) {
  const view = useSelector(actor, selectView<T>, sameView);
  const title = `Delete ${noun}`;
  const formId = useId();
  const { target, deleting } = view;
  const busy = deleting || view.deleted;
  const cancelRef = useRef<HTMLButtonElement>(null);
  useFocusRequest(view.focus, { cancel: cancelRef });
  const detailList = target && details ? details(target) : [];
  const note = target && notice ? notice(target) : null;

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'dialog.confirm' });
  };

  return (
    <Modal
      open={view.open && target !== null}
      onClose={() => actor.send({ type: 'dialog.cancel' })}
      title={title}
      size="sm"
      dismissible={!deleting}
      onOpenerGone={onOpenerGone}
      footer={
        <>
          {resettable && (
            <Button variant="ghost" onClick={() => actor.send({ type: 'dialog.reset' })} disabled={busy}>
              Reset
            </Button>
          )}
          <Button ref={cancelRef} onClick={() => actor.send({ type: 'dialog.cancel' })} disabled={deleting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={deleting} disabled={!view.canConfirm}>
            {deleting ? 'Deleting...' : title}
          </Button>
        </>
      }
    >
      {target && (
        <form id={formId} className="delete-confirm" noValidate onSubmit={confirm}>
          <DeleteDetails details={detailList} />
          <p className="alert alert--warning">
            <AlertIcon />
            <span>{typeof warning === 'function' ? warning(target) : warning}</span>
          </p>
          {note && <p className="delete-confirm__notice">{note}</p>}
          <TextInput
            label={
              <>
                Type <strong>{view.expected}</strong> to confirm
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
          <DeleteOutcome view={view} successMessage={successMessage} />
        </form>
      )}
    </Modal>
  );
}
