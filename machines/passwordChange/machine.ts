import { passwordError } from '@shared/schemas/users';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { failureMessage } from '../failure';
import { type Notice, notice } from '../notice';
import { notProvided } from '../notProvided';

/**
 * Changing one's own password on the profile.
 *
 *   Editing --submit, a rule broken--> Editing (error)
 *           --submit--> Saving --ok--> Editing (fields cleared, success toast)
 *                              --fail--> Editing (failure toast; the server's message preferred;
 *                                        focus on the current password)
 */

export const PASSWORD_CHANGE_TEXTS = {
  required: 'Please fill in all password fields',
  mismatch: 'New passwords do not match',
  success: 'Password changed successfully!',
  failure: 'Failed to change password',
} as const;

export type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

export type PasswordChangeContext = Record<PasswordField, string> & {
  error: string | null;
  /** Where the focus goes after a refusal: the field the message is about (a new object each time). */
  focus: { field: PasswordField } | null;
};

export type PasswordChangeEvent =
  | { type: 'password.change'; field: PasswordField; value: string }
  | { type: 'password.submit' };

/** The first rule the form breaks, or null: all three filled, the two new ones equal, then the password rule both sides share. */
export const passwordFormError = (values: Record<PasswordField, string>): string | null => {
  if (values.currentPassword === '' || values.newPassword === '' || values.confirmPassword === '') {
    return PASSWORD_CHANGE_TEXTS.required;
  }
  if (values.newPassword !== values.confirmPassword) return PASSWORD_CHANGE_TEXTS.mismatch;
  return passwordError(values.newPassword);
};

/** The field a broken rule is about: the first blank one, the confirmation, or the new password. */
const fieldOfRule = (values: Record<PasswordField, string>): PasswordField => {
  if (values.currentPassword === '') return 'currentPassword';
  if (values.newPassword === '') return 'newPassword';
  if (values.confirmPassword === '' || values.newPassword !== values.confirmPassword)
    return 'confirmPassword';
  return 'newPassword';
};

const blank = { currentPassword: '', newPassword: '', confirmPassword: '', error: null, focus: null };

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    tags: {} as 'loading',
  },
  actors: {
    /** PUT /users/profile/change-password; rejects with a Failure (400 = wrong current password). */
    changePassword: fromPromise<unknown, { currentPassword: string; newPassword: string }>(async () =>
      notProvided('passwordChange', 'changePassword'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('passwordChange', 'notify'),
  },
}).createMachine({
  id: 'passwordChange',
  context: blank,
  initial: 'Editing',
  states: {
    Editing: {
      on: {
        'password.change': { actions: assign(({ event }) => ({ [event.field]: event.value })) },
        'password.submit': [
          {
            guard: ({ context }) => passwordFormError(context) === null,
            target: 'Saving',
            actions: assign({ error: null }),
          },
          {
            actions: assign({
              error: ({ context }) => passwordFormError(context),
              focus: ({ context }) => ({ field: fieldOfRule(context) }),
            }),
          },
        ],
      },
    },
    Saving: {
      tags: 'loading',
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({
          currentPassword: context.currentPassword,
          newPassword: context.newPassword,
        }),
        onDone: {
          target: 'Editing',
          actions: [assign(blank), notice('success', PASSWORD_CHANGE_TEXTS.success)],
        },
        onError: {
          target: 'Editing',
          actions: [
            {
              type: 'notify',
              params: ({ event }): Notice => ({
                tone: 'error',
                message: failureMessage(event.error, PASSWORD_CHANGE_TEXTS.failure),
              }),
            },
            // The server refuses a wrong current password: that is the field to type in again.
            assign({ focus: { field: 'currentPassword' } }),
          ],
        },
      },
    },
  },
});

export type PasswordChangeMachine = typeof passwordChangeMachine;
export type PasswordChangeSnapshot = SnapshotFrom<PasswordChangeMachine>;
export const isPasswordSaving = (s: PasswordChangeSnapshot): boolean => s.hasTag('loading');
