import { ActionButton, submitsAction } from '@client/actions/ActionButton';
import { Card } from '@client/components/Card';
import { PasswordInput } from '@client/components/Field';
import { AlertIcon } from '@client/components/icons';
import { useFocusRequest } from '@client/components/useFocusRequest';
import { useFocusTarget } from '@client/palette';
import { CHANGE_PASSWORD_TARGET } from '@client/shell/AppCommands';
import { changePassword } from '@machines/passwordChange/actions';
import type { PasswordField } from '@machines/passwordChange/machine';
import { isPasswordSaving } from '@machines/passwordChange/machine';
import { MIN_PASSWORD_LENGTH } from '@shared/schemas/users';
import { type ChangeEvent, useId, useRef } from 'react';
import { PasswordChangeActor } from './actors';

const FIELDS: { field: PasswordField; label: string; autoComplete: string }[] = [
  { field: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** 'Change Password' (machines/passwordChange/machine.ts). The palette command focuses its first field. */
export function PasswordSection() {
  const actor = PasswordChangeActor.useActorRef();
  const context = PasswordChangeActor.useSelector((s) => s.context);
  const saving = PasswordChangeActor.useSelector(isPasswordSaving);
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };
  const titleId = useId();
  useFocusTarget(CHANGE_PASSWORD_TARGET, refs.currentPassword);
  useFocusRequest(context.focus, refs);

  const change = (field: PasswordField) => (event: ChangeEvent<HTMLInputElement>) =>
    actor.send({ type: 'password.change', field, value: event.target.value });

  return (
    <Card
      title="Change Password"
      description={`Use at least ${MIN_PASSWORD_LENGTH} characters. You stay signed in.`}
      titleId={titleId}
    >
      <form
        className="card__body form-stack"
        aria-labelledby={titleId}
        noValidate
        onSubmit={submitsAction(actor, changePassword)}
      >
        {FIELDS.map(({ field, label, autoComplete }) => (
          <PasswordInput
            key={field}
            ref={refs[field]}
            label={label}
            autoComplete={autoComplete}
            value={context[field]}
            disabled={saving}
            onChange={change(field)}
          />
        ))}
        {context.error && (
          <div className="alert alert--error" role="alert">
            <AlertIcon />
            <span>{context.error}</span>
          </div>
        )}
        <div className="form-actions">
          <ActionButton
            flow={actor}
            action={changePassword}
            type="submit"
            variant="primary"
            loading={saving}
          />
        </div>
      </form>
    </Card>
  );
}
