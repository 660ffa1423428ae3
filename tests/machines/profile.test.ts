import { availability } from '@machines/action';
import type { SessionUser } from '@machines/auth';
import { cancelEmailEdit, editEmail } from '@machines/emailChange/actions';
import { emailChangeMachine, emailDraftError } from '@machines/emailChange/machine';
import { changePassword, PASSWORD_ACTION_TEXTS } from '@machines/passwordChange/actions';
import {
  PASSWORD_CHANGE_TEXTS,
  passwordChangeMachine,
  passwordFormError,
} from '@machines/passwordChange/machine';
import { USER_TEXTS } from '@shared/schemas/users';
import { createActor, fromPromise } from 'xstate';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('email change', () => {
  const user: SessionUser = {
    id: 'u1',
    email: 'new@example.com',
    role: 'instructor',
    createdAt: '2026-01-01',
  };

  const start = (update: (input: { email: string }) => Promise<SessionUser>) => {
    const calls = {
      update: [] as unknown[],
      userUpdated: [] as SessionUser[],
      success: [] as string[],
      failure: [] as string[],
    };
    const actor = createActor(
      emailChangeMachine.provide({
        actors: {
          updateEmail: fromPromise(async ({ input }) => {
            calls.update.push(input);
            return update(input);
          }),
        },
        actions: {
          userUpdated: (_, { user: next }) => {
            calls.userUpdated.push(next);
          },
          notify: (_, { tone, message }) => {
            calls[tone === 'success' ? 'success' : 'failure'].push(message);
          },
        },
      }),
    ).start();
    return { actor, calls };
  };

  it('Viewing -> edit starts from the current email; cancel goes back', () => {
    const { actor } = start(async () => user);
    expect(actor.getSnapshot().value).toBe('Viewing');
    actor.send({ type: 'email.edit', current: 'old@example.com' });
    expect(actor.getSnapshot().value).toBe('Editing');
    expect(actor.getSnapshot().context.draft).toBe('old@example.com');
    actor.send({ type: 'email.cancel' });
    expect(actor.getSnapshot().value).toBe('Viewing');
  });

  it.each([
    ['old@example.com', USER_TEXTS.emailUnchanged],
    ['  old@example.com  ', USER_TEXTS.emailUnchanged],
    ['', 'Email is required'],
    ['not-an-email', 'Please enter a valid email address'],
  ])('rejects %j with %j and calls nothing', (draft, message) => {
    const { actor, calls } = start(async () => user);
    actor.send({ type: 'email.edit', current: 'old@example.com' });
    actor.send({ type: 'email.change', value: draft });
    actor.send({ type: 'email.submit' });
    expect(actor.getSnapshot().value).toBe('Editing');
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(calls.update).toEqual([]);
  });

  it('saves the trimmed email, updates the session user and says so', async () => {
    const { actor, calls } = start(async () => user);
    actor.send({ type: 'email.edit', current: 'old@example.com' });
    actor.send({ type: 'email.change', value: ' new@example.com ' });
    actor.send({ type: 'email.submit' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(calls.update).toEqual([{ email: 'new@example.com' }]);
    expect(calls.userUpdated).toEqual([user]);
    expect(calls.success).toEqual(['Email updated successfully!']);
    expect(actor.getSnapshot().value).toBe('Viewing');
  });

  it('a failure keeps editing and shows the server message, else "Failed to update email"', async () => {
    let failure: unknown = { status: 409, message: 'Email already in use' };
    const { actor, calls } = start(() => Promise.reject(failure));
    actor.send({ type: 'email.edit', current: 'old@example.com' });
    actor.send({ type: 'email.change', value: 'taken@example.com' });
    actor.send({ type: 'email.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('Editing');
    failure = { status: 500 };
    actor.send({ type: 'email.submit' });
    await settle();
    expect(calls.failure).toEqual(['Email already in use', 'Failed to update email']);
    expect(calls.userUpdated).toEqual([]);
  });

  it('Edit email only while viewing, Cancel only while editing; refused, they do nothing', async () => {
    let finish!: (next: SessionUser) => void;
    const { actor } = start(() => new Promise((resolve) => (finish = resolve)));
    const can = () => ({
      edit: actor.getSnapshot().can(editEmail.event('old@example.com')),
      cancel: actor.getSnapshot().can(cancelEmailEdit.event()),
    });
    expect(can()).toEqual({ edit: true, cancel: false });
    actor.send(cancelEmailEdit.event());
    expect(actor.getSnapshot().value).toBe('Viewing');
    actor.send(editEmail.event('old@example.com'));
    actor.send({ type: 'email.change', value: 'b@example.com' });
    expect(can()).toEqual({ edit: false, cancel: true });
    actor.send(editEmail.event('old@example.com'));
    expect(actor.getSnapshot().context.draft).toBe('b@example.com');
    actor.send({ type: 'email.submit' });
    expect(can()).toEqual({ edit: false, cancel: false });
    actor.send(cancelEmailEdit.event());
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    finish(user);
    await settle();
    expect(can()).toEqual({ edit: true, cancel: false });
  });

  it('emailDraftError: null when the draft is a different valid email', () => {
    expect(emailDraftError('b@example.com', 'a@example.com')).toBeNull();
  });
});

describe('password change', () => {
  const start = (change: () => Promise<unknown>) => {
    const calls = { change: [] as unknown[], success: [] as string[], failure: [] as string[] };
    const actor = createActor(
      passwordChangeMachine.provide({
        actors: {
          changePassword: fromPromise(async ({ input }) => {
            calls.change.push(input);
            return change();
          }),
        },
        actions: {
          notify: (_, { tone, message }) => {
            calls[tone === 'success' ? 'success' : 'failure'].push(message);
          },
        },
      }),
    ).start();
    const fill = (currentPassword: string, newPassword: string, confirmPassword: string) => {
      actor.send({ type: 'password.change', field: 'currentPassword', value: currentPassword });
      actor.send({ type: 'password.change', field: 'newPassword', value: newPassword });
      actor.send({ type: 'password.change', field: 'confirmPassword', value: confirmPassword });
    };
    return { actor, calls, fill };
  };

  it.each([
    ['', 'secret1', 'secret1', PASSWORD_CHANGE_TEXTS.required],
    ['old', '', 'secret1', 'Please fill in all password fields'],
    ['old', 'secret1', '', 'Please fill in all password fields'],
    ['old', 'secret1', 'secret2', 'New passwords do not match'],
    ['old', 'short', 'short', 'Password must be at least 6 characters'],
    ['old', 'x'.repeat(1025), 'x'.repeat(1025), 'Password must be at most 1024 characters'],
  ])('(%j, %j, %j) -> %j, no call', (current, next, confirm, message) => {
    const { actor, calls, fill } = start(async () => ({}));
    fill(current, next, confirm);
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(calls.change).toEqual([]);
  });

  it('sends current and new password; on success clears the form and says so', async () => {
    const { actor, calls, fill } = start(async () => ({ message: 'ok' }));
    fill('old-pass', 'new-pass', 'new-pass');
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().value).toBe('Saving');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(calls.change).toEqual([{ currentPassword: 'old-pass', newPassword: 'new-pass' }]);
    expect(calls.success).toEqual(['Password changed successfully!']);
    expect(actor.getSnapshot().context).toEqual({
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
      error: null,
      focus: null,
    });
  });

  it('Change Password (its action) is taken while editing, refused while saving with the reason: the refused event changes nothing', async () => {
    const { actor, calls, fill } = start(() => new Promise(() => {}));
    expect(actor.getSnapshot().can(changePassword.event())).toBe(true);
    fill('old-pass', 'new-pass', 'new-pass');
    actor.send(changePassword.event());
    const saving = actor.getSnapshot();
    expect(availability(saving, changePassword, undefined)).toEqual({
      applies: true,
      can: false,
      reason: PASSWORD_ACTION_TEXTS.saving,
    });
    actor.send(changePassword.event());
    expect(actor.getSnapshot()).toBe(saving);
    expect(calls.change).toHaveLength(1);
  });

  it('a failure keeps the fields and prefers the server message', async () => {
    let failure: unknown = { status: 400, message: 'Current password is incorrect' };
    const { actor, calls, fill } = start(() => Promise.reject(failure));
    fill('wrong', 'new-pass', 'new-pass');
    actor.send({ type: 'password.submit' });
    await settle();
    failure = { status: undefined }; // what withFailure makes of a network error
    actor.send({ type: 'password.submit' });
    await settle();
    expect(calls.failure).toEqual(['Current password is incorrect', 'Failed to change password']);
    expect(actor.getSnapshot().context.currentPassword).toBe('wrong');
    expect(actor.getSnapshot().value).toBe('Editing');
    expect(actor.getSnapshot().context.focus).toEqual({ field: 'currentPassword' });
  });

  it.each([
    [['', 'new-pass', 'new-pass'], 'currentPassword'],
    [['old', '', ''], 'newPassword'],
    [['old', 'new-pass', 'other-pass'], 'confirmPassword'],
    [['old', 'short', 'short'], 'newPassword'],
  ] as const)('a broken rule (%j) sends the focus to %s', ([current, next, confirm], field) => {
    const { actor, fill } = start(async () => ({}));
    fill(current, next, confirm);
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().context.focus).toEqual({ field });
  });

  it('passwordFormError: null when every rule holds', () => {
    expect(
      passwordFormError({ currentPassword: 'a', newPassword: '123456', confirmPassword: '123456' }),
    ).toBeNull();
  });
});
