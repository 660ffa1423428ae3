import { isValidEmail, USER_TEXTS } from '@shared/schemas/users';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { SessionUser } from '../auth';
import { failureMessage } from '../failure';
import { type Notice, notice } from '../notice';
import { notProvided } from '../notProvided';

/**
 * Changing one's own email on the profile: required, a valid address, and not the current one.
 *
 *   Viewing --edit--> Editing --submit, invalid or unchanged--> Editing (error)
 *                             --submit--> Saving --ok--> Viewing (user updated, success toast)
 *                                                --fail--> Editing (failure toast)
 */

export const EMAIL_CHANGE_TEXTS = {
  success: 'Email updated successfully!',
  failure: 'Failed to update email',
} as const;

export interface EmailChangeContext {
  current: string;
  draft: string;
  error: string | null;
}

export type EmailChangeEvent =
  | { type: 'email.edit'; current: string }
  | { type: 'email.change'; value: string }
  | { type: 'email.cancel' }
  | { type: 'email.submit' };

/** The first rule the draft breaks, or null. */
export const emailDraftError = (draft: string, current: string): string | null => {
  const email = draft.trim();
  if (email === '') return USER_TEXTS.emailRequired;
  if (!isValidEmail(email)) return USER_TEXTS.emailInvalid;
  if (email === current.trim()) return USER_TEXTS.emailUnchanged;
  return null;
};

export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    tags: {} as 'loading',
  },
  actors: {
    /** PUT /users/profile/update; resolves with the updated user, rejects with a Failure. */
    updateEmail: fromPromise<SessionUser, { email: string }>(async () =>
      notProvided('emailChange', 'updateEmail'),
    ),
  },
  actions: {
    userUpdated: (_, _params: { user: SessionUser }) => notProvided('emailChange', 'userUpdated'),
    notify: (_, _notice: Notice) => notProvided('emailChange', 'notify'),
  },
}).createMachine({
  id: 'emailChange',
  context: { current: '', draft: '', error: null },
  initial: 'Viewing',
  states: {
    Viewing: {
      on: {
        'email.edit': {
          target: 'Editing',
          actions: assign(({ event }) => ({ current: event.current, draft: event.current, error: null })),
        },
      },
    },
    Editing: {
      on: {
        'email.change': { actions: assign({ draft: ({ event }) => event.value }) },
        'email.cancel': { target: 'Viewing', actions: assign({ error: null }) },
        'email.submit': [
          {
            guard: ({ context }) => emailDraftError(context.draft, context.current) === null,
            target: 'Saving',
            actions: assign({ error: null }),
          },
          { actions: assign({ error: ({ context }) => emailDraftError(context.draft, context.current) }) },
        ],
      },
    },
    Saving: {
      tags: 'loading',
      invoke: {
        src: 'updateEmail',
        input: ({ context }) => ({ email: context.draft.trim() }),
        onDone: {
          target: 'Viewing',
          actions: [
            { type: 'userUpdated', params: ({ event }) => ({ user: event.output }) },
            notice('success', EMAIL_CHANGE_TEXTS.success),
          ],
        },
        onError: {
          target: 'Editing',
          actions: {
            type: 'notify',
            params: ({ event }): Notice => ({
              tone: 'error',
              message: failureMessage(event.error, EMAIL_CHANGE_TEXTS.failure),
            }),
          },
        },
      },
    },
  },
});

export type EmailChangeMachine = typeof emailChangeMachine;
export type EmailChangeSnapshot = SnapshotFrom<EmailChangeMachine>;
/** The address is shown, not edited. */
export const isEmailViewing = (s: EmailChangeSnapshot): boolean => s.matches('Viewing');
export const isEmailSaving = (s: EmailChangeSnapshot): boolean => s.hasTag('loading');
