import {
  blankUserForm,
  type UserFormErrors,
  type UserFormField,
  type UserFormMode,
  type UserFormPayload,
  type UserFormValues,
  userFormFrom,
  validateUserForm,
} from '@shared/schemas/user-form';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { failureMessage, failureValidationText } from '../failure';
import { notProvided } from '../notProvided';

/**
 * The admin's add/edit user modal; its validation is src/shared/schemas/user-form.ts.
 *
 *   Closed --form.open--> Open.Editing --form.submit (valid)--> Open.Submitting
 *   Submitting --done--> Succeeded --1.5 s--> Closed (onDone: the app reloads the list)
 *   Submitting --error--> Editing (red message, stays open)
 *
 * Opening without a user is create mode (role instructor); with a user it is edit mode (email
 * and role prefilled, passwords blank = unchanged). The app provides `saveUser` (the API call)
 * and `onDone`. `saveUser` rejects with a Failure (./failure.ts), which describeUserFormError
 * turns into the red message.
 */

export const USER_FORM_SUCCESS_MS = 1500;

export const USER_FORM_MESSAGES = {
  created: 'User created successfully!',
  updated: 'User updated successfully!',
  createFailed: 'An error occurred while creating the user',
  updateFailed: 'An error occurred while updating the user',
} as const;

/** The user being edited: what the list row already holds. */
export interface UserFormUser {
  id: string;
  email: string;
  role: string;
}

export type SaveUserInput =
  | { mode: 'create'; payload: UserFormPayload & { password: string } }
  | { mode: 'edit'; id: string; payload: UserFormPayload };

/** The red message of a failed save: the validation texts joined with ', ', else the server's message, else `fallback`. */
export const describeUserFormError = (error: unknown, fallback: string): string =>
  failureValidationText(error) || failureMessage(error, fallback);

export type PasswordField = Extract<UserFormField, 'password' | 'confirmPassword'>;

export interface UserFormContext {
  mode: UserFormMode;
  user: UserFormUser | null;
  /** What Reset goes back to: blank (create) or the user's values (edit). */
  initial: UserFormValues;
  values: UserFormValues;
  errors: UserFormErrors;
  submitError: string | null;
  /** Show/hide state of the two password fields; Reset hides them again. */
  visible: Record<PasswordField, boolean>;
  /** The id of the user just created or saved: the list puts the focus on their row. */
  savedId: string | null;
}

export type UserFormEvent =
  | { type: 'form.open'; user?: UserFormUser | null }
  | { type: 'form.change'; field: UserFormField; value: string }
  | { type: 'form.toggleVisibility'; field: PasswordField }
  | { type: 'form.reset' }
  | { type: 'form.submit' }
  | { type: 'form.cancel' };

const hidden = (): Record<PasswordField, boolean> => ({ password: false, confirmPassword: false });

const fallbackFor = (mode: UserFormMode): string =>
  mode === 'create' ? USER_FORM_MESSAGES.createFailed : USER_FORM_MESSAGES.updateFailed;

/** The invoke input; only reached after `formIsValid`, so a failure here is a programming error. */
const toSaveInput = (context: UserFormContext): SaveUserInput => {
  const result = validateUserForm(context.values, context.mode);
  if (!result.ok) throw new Error('saveUser invoked with an invalid form');
  if (context.mode === 'edit' && context.user) {
    return { mode: 'edit', id: context.user.id, payload: result.payload };
  }
  const { password = '' } = result.payload;
  return { mode: 'create', payload: { ...result.payload, password } };
};

const done = {
  type: 'onDone',
  params: ({ context }: { context: UserFormContext }) => ({ savedId: context.savedId }),
} as const;

export const userFormMachine = setup({
  types: {
    context: {} as UserFormContext,
    events: {} as UserFormEvent,
  },
  actors: {
    saveUser: fromPromise<unknown, SaveUserInput>(async () => notProvided('userForm', 'saveUser')),
  },
  actions: {
    /** The modal has closed after a successful save: reload the list, focus on that user's row. */
    onDone: (_, _params: { savedId: string | null }) => notProvided('userForm', 'onDone'),
    prepare: assign(({ event }) => {
      if (event.type !== 'form.open') return {};
      const user = event.user ?? null;
      const initial = user ? userFormFrom(user) : blankUserForm();
      return {
        mode: user ? ('edit' as const) : ('create' as const),
        user,
        initial,
        values: initial,
        errors: {},
        submitError: null,
        visible: hidden(),
        savedId: null,
      };
    }),
    change: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      // Editing a field clears its own message only; the others stay until the next submit.
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    toggleVisibility: assign({
      visible: ({ context, event }) =>
        event.type === 'form.toggleVisibility'
          ? { ...context.visible, [event.field]: !context.visible[event.field] }
          : context.visible,
    }),
    reset: assign(({ context }) => ({
      values: context.initial,
      errors: {},
      submitError: null,
      visible: hidden(),
    })),
    showValidationErrors: assign({
      errors: ({ context }) => {
        const result = validateUserForm(context.values, context.mode);
        return result.ok ? {} : result.errors;
      },
      submitError: null,
    }),
    clearMessages: assign({ errors: {}, submitError: null }),
    showSubmitError: assign(({ context }, params: { error: unknown }) => ({
      submitError: describeUserFormError(params.error, fallbackFor(context.mode)),
    })),
    clearSelection: assign({ user: null }),
  },
  guards: {
    formIsValid: ({ context }) => validateUserForm(context.values, context.mode).ok,
  },
  delays: {
    successDelay: USER_FORM_SUCCESS_MS,
  },
}).createMachine({
  id: 'userForm',
  context: () => ({
    mode: 'create',
    user: null,
    initial: blankUserForm(),
    values: blankUserForm(),
    errors: {},
    submitError: null,
    visible: hidden(),
    savedId: null,
  }),
  initial: 'Closed',
  states: {
    Closed: {
      on: { 'form.open': { target: 'Open', actions: 'prepare' } },
    },
    Open: {
      initial: 'Editing',
      states: {
        Editing: {
          on: {
            'form.open': { target: 'Editing', reenter: true, actions: 'prepare' },
            'form.change': { actions: 'change' },
            'form.toggleVisibility': { actions: 'toggleVisibility' },
            'form.reset': { actions: 'reset' },
            'form.submit': [
              { guard: 'formIsValid', target: 'Submitting', actions: 'clearMessages' },
              { actions: 'showValidationErrors' },
            ],
            'form.cancel': { target: '#userForm.Closed', actions: 'clearSelection' },
          },
        },
        Submitting: {
          tags: 'loading',
          invoke: {
            id: 'saveUser',
            src: 'saveUser',
            input: ({ context }) => toSaveInput(context),
            onDone: {
              target: 'Succeeded',
              actions: assign({
                savedId: ({ event }) => (event.output as { id?: string } | undefined)?.id ?? null,
              }),
            },
            onError: {
              target: 'Editing',
              actions: { type: 'showSubmitError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        Succeeded: {
          // Closing early (Escape, Cancel) still counts as done: the list must reload either way.
          after: { successDelay: { target: '#userForm.Closed', actions: ['clearSelection', done] } },
          on: { 'form.cancel': { target: '#userForm.Closed', actions: ['clearSelection', done] } },
        },
      },
    },
  },
});

export type UserFormSnapshot = SnapshotFrom<typeof userFormMachine>;

/** Selectors for the view. */
export const isUserFormOpen = (s: UserFormSnapshot): boolean => s.matches('Open');
export const isUserFormSubmitting = (s: UserFormSnapshot): boolean => s.hasTag('loading');
/** The green message, only while Succeeded. */
export const userFormSuccessMessage = (s: UserFormSnapshot): string | null =>
  s.matches({ Open: 'Succeeded' })
    ? s.context.mode === 'create'
      ? USER_FORM_MESSAGES.created
      : USER_FORM_MESSAGES.updated
    : null;
/** Something typed differs from what the form opened with (closing asks first). */
export const hasUserFormEdits = (s: UserFormSnapshot): boolean =>
  s.matches({ Open: 'Editing' }) &&
  (Object.keys(s.context.values) as (keyof UserFormValues)[]).some(
    (field) => s.context.values[field] !== s.context.initial[field],
  );
/** Fields are locked while saving and once saved. */
export const isUserFormLocked = (s: UserFormSnapshot): boolean => !s.matches({ Open: 'Editing' });
