import {
  canConfirm,
  confirmMismatch,
  type DeleteDialogMachine,
  type DeleteDialogSnapshot,
  type DeleteTarget,
  isDeleteDialogOpen,
  isDeleting,
} from '@machines/deleteDialog';
import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Button } from './Button';
import { TextInput } from './Field';
import { AlertIcon } from './icons';
import { Modal } from './Modal';
import './delete-confirm.css';

export interface DeleteDetail {
  label: string;
  value: ReactNode;
}

export interface DeleteConfirmModalProps<T extends DeleteTarget> {
  /** A deleteDialog actor (machines/deleteDialog.ts) whose target is T. */
  actor: ActorRefFrom<DeleteDialogMachine<T>>;
  /** 'Delete LEIA', 'Delete resource'. Also the dialog's accessible name. */
  title: string;
  /** The danger button: 'Delete LEIA'; it reads 'Deleting...' while the call runs. */
  confirmLabel: string;
  /** 'This action cannot be undone. The LEIA will be permanently deleted.' */
  warning: ReactNode;
  /** What is being deleted: Name, Type, Version, Created... */
  details: (target: T) => DeleteDetail[];
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
});

type View = ReturnType<typeof selectView>;
const sameView = (a: View, b: View) =>
  (Object.keys(a) as (keyof View)[]).every((key) => Object.is(a[key], b[key]));

/**
 * The typed-name delete confirmation of spec sections 2 ("Delete {product} modal"), 4 ("Delete
 * dialog") and 5 ("Delete confirmation"), for LEIAs and resources alike: the texts come from the
 * caller, the behaviour from the machine. While deleting every control is disabled and the dialog
 * cannot be dismissed. An in-use conflict lists the dependents by name and id.
 */
export function DeleteConfirmModal<T extends DeleteTarget>({
  actor,
  title,
  confirmLabel,
  warning,
  details,
}: DeleteConfirmModalProps<T>) {
  const view = useSelector(actor, selectView<T>, sameView);
  const formId = useId();
  const { target, deleting } = view;

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
      footer={
        <>
          <Button variant="ghost" onClick={() => actor.send({ type: 'dialog.reset' })} disabled={deleting}>
            Reset
          </Button>
          <Button onClick={() => actor.send({ type: 'dialog.cancel' })} disabled={deleting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={deleting} disabled={!view.canConfirm}>
            {deleting ? 'Deleting...' : confirmLabel}
          </Button>
        </>
      }
    >
      {target && (
        <form id={formId} className="delete-confirm" noValidate onSubmit={confirm}>
          <dl className="delete-confirm__details">
            {details(target).map((detail) => (
              <div key={detail.label} className="delete-confirm__detail">
                <dt>{detail.label}</dt>
                <dd>{detail.value}</dd>
              </div>
            ))}
          </dl>
          <p className="alert alert--warning">
            <AlertIcon />
            {warning}
          </p>
          <TextInput
            label={
              <>
                Type <strong className="delete-confirm__expected">{view.expected}</strong> to confirm
              </>
            }
            autoComplete="off"
            spellCheck={false}
            data-autofocus=""
            value={view.typed}
            error={view.mismatch ?? undefined}
            disabled={deleting}
            onChange={(event) => actor.send({ type: 'dialog.type', value: event.target.value })}
          />
          {view.error && (
            <div className="alert alert--error" role="alert">
              <AlertIcon />
              <div>
                <p>{view.error.message}</p>
                {view.error.dependents && view.error.dependents.length > 0 && (
                  <ul className="delete-confirm__dependents">
                    {view.error.dependents.map((item) => (
                      <li key={item.id}>
                        {item.name} <code>{item.id}</code>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </div>
          )}
        </form>
      )}
    </Modal>
  );
}
