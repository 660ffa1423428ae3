import { ActionButton } from '@client/actions/ActionButton';
import { boundCommand } from '@client/actions/commands';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import { focusOn } from '@client/components';
import { Avatar } from '@client/components/Avatar';
import { RoleBadge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { TextInput } from '@client/components/Field';
import { EditIcon, FolderIcon, MailIcon } from '@client/components/icons';
import { type Command, usePaletteCommands } from '@client/palette';
import { ROUTES } from '@client/routes';
import type { SessionUser } from '@machines/auth';
import { cancelEmailEdit, editEmail } from '@machines/emailChange/actions';
import { isEmailSaving, isEmailViewing } from '@machines/emailChange/machine';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'wouter';
import { EmailChangeActor } from './actors';

const formatDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(date);
};

/** The New email field with Save and Cancel; Escape cancels. */
function EmailForm() {
  const actor = EmailChangeActor.useActorRef();
  const saving = EmailChangeActor.useSelector(isEmailSaving);
  const { draft, error } = EmailChangeActor.useSelector((s) => s.context);
  return (
    <form
      className="inline-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'email.submit' });
      }}
    >
      <TextInput
        label="New email"
        type="email"
        autoComplete="email"
        autoFocus
        value={draft}
        error={error ?? undefined}
        disabled={saving}
        onChange={(event) => actor.send({ type: 'email.change', value: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Escape') actor.send({ type: 'email.cancel' });
        }}
      />
      <div className="inline-form__actions">
        <Button type="submit" variant="primary" size="sm" loading={saving}>
          Save
        </Button>
        <ActionButton flow={actor} action={cancelEmailEdit} size="sm" />
      </div>
    </form>
  );
}

/** 'Edit email' in the palette (machines/emailChange/actions.ts), greyed while the email is edited. */
function useEditEmailCommand(email: string) {
  const actor = EmailChangeActor.useActorRef();
  const now = useActionSnapshot(actor);
  const commands = useMemo(
    (): Command[] => [boundCommand(actor, now, editEmail, email, { icon: <MailIcon /> })],
    [actor, now, email],
  );
  usePaletteCommands(commands);
}

/** Account information: email with its edit flow (machines/emailChange/machine.ts), role, 'My LEIAs'. */
export function AccountSection({ user }: { user: SessionUser }) {
  const actor = EmailChangeActor.useActorRef();
  const viewing = EmailChangeActor.useSelector(isEmailViewing);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Back from editing (saved or cancelled): focus returns to the Edit button.
  useEffect(() => {
    if (viewing && wasEditing.current) focusOn(editButton.current);
    wasEditing.current = !viewing;
  }, [viewing]);

  useEditEmailCommand(user.email);

  return (
    <Card title="Account information" description="How you sign in, and what you can do.">
      <div className="card__body">
        <dl className="details">
          <div className="details__row">
            <dt>Email</dt>
            <dd>
              {viewing ? (
                <div className="details__value">
                  <Avatar text={user.email} size="sm" />
                  <span className="details__email">{user.email}</span>
                  <ActionButton
                    ref={editButton}
                    flow={actor}
                    action={editEmail}
                    target={user.email}
                    size="sm"
                    variant="ghost"
                    icon={<EditIcon />}
                    aria-label={editEmail.title}
                  />
                </div>
              ) : (
                <EmailForm />
              )}
            </dd>
          </div>
          <div className="details__row">
            <dt>Role</dt>
            <dd>
              <RoleBadge role={user.role} />
            </dd>
          </div>
          {user.createdAt && (
            <div className="details__row">
              <dt>Member since</dt>
              <dd>{formatDate(user.createdAt)}</dd>
            </div>
          )}
        </dl>
        <div className="card__footer-actions">
          <Link href={ROUTES.myLeias} className="btn btn--secondary btn--md">
            <FolderIcon />
            My LEIAs
          </Link>
        </div>
      </div>
    </Card>
  );
}
