import { Button, FormFooter, Modal, PasswordInput, Select, TextInput } from '@client/components';
import {
  hasUserFormEdits,
  isUserFormLocked,
  isUserFormOpen,
  isUserFormSubmitting,
  type PasswordField,
  type UserFormSnapshot,
  userFormSuccessMessage,
} from '@machines/users/form';
import { ROLE_LABELS, ROLES } from '@shared/roles';
import type { UserFormField } from '@shared/schemas/user-form';
import { type ChangeEvent, type FormEvent, useId } from 'react';
import { UserFormActor } from './actors';
import { FormMessage } from './FormMessage';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const selectView = (s: UserFormSnapshot) => ({
  open: isUserFormOpen(s),
  mode: s.context.mode,
  values: s.context.values,
  errors: s.context.errors,
  visible: s.context.visible,
  submitError: s.context.submitError,
  success: userFormSuccessMessage(s),
  submitting: isUserFormSubmitting(s),
  locked: isUserFormLocked(s),
  unsaved: hasUserFormEdits(s),
});

const sameView = (a: ReturnType<typeof selectView>, b: ReturnType<typeof selectView>) =>
  (Object.keys(a) as (keyof typeof a)[]).every((key) => Object.is(a[key], b[key]));

/** The add/edit user modal; the machine (machines/userForm.ts) holds the state. */
export function UserFormModal() {
  const actor = UserFormActor.useActorRef();
  const view = UserFormActor.useSelector(selectView, sameView);
  const formId = useId();
  const isCreate = view.mode === 'create';

  const bind = (field: UserFormField) => ({
    name: field,
    value: view.values[field],
    error: view.errors[field],
    disabled: view.locked,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      actor.send({ type: 'form.change', field, value: event.target.value }),
  });
  const visibility = (field: PasswordField) => ({
    visible: view.visible[field],
    onVisibleChange: () => actor.send({ type: 'form.toggleVisibility', field }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  return (
    <Modal
      open={view.open}
      onClose={() => actor.send({ type: 'form.cancel' })}
      title={isCreate ? 'Add User' : 'Edit User'}
      dismissible={!view.submitting}
      unsavedEdits={view.unsaved}
      footer={(requestClose) => (
        <FormFooter
          formId={formId}
          onCancel={requestClose}
          cancelDisabled={view.submitting}
          saving={view.submitting}
          submitDisabled={view.success !== null}
          submitLabel={isCreate ? 'Create User' : 'Update User'}
        >
          <Button variant="ghost" onClick={() => actor.send({ type: 'form.reset' })} disabled={view.locked}>
            Reset
          </Button>
        </FormFooter>
      )}
    >
      {/* noValidate: the machine's messages are the ones shown, not the browser's. */}
      <form id={formId} className="user-form" noValidate onSubmit={submit}>
        <TextInput label="Email" type="email" autoComplete="off" spellCheck={false} {...bind('email')} />
        <Select label="Role" options={ROLE_OPTIONS} {...bind('role')} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          hint={isCreate ? undefined : 'Leave blank to keep the current password'}
          {...bind('password')}
          {...visibility('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          {...bind('confirmPassword')}
          {...visibility('confirmPassword')}
        />
        <FormMessage error={view.submitError} success={view.success} />
      </form>
    </Modal>
  );
}
