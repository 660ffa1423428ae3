import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { failureMessage, failureStatus, failureValidationText } from './failure';
import { type Notice, notice } from './notice';
import { notProvided } from './notProvided';

/**
 * The login form.
 *
 *   Editing --submit, fields blank--> Editing ('Please fill in all fields')
 *           --submit--> Submitting --{token}--> Succeeded --1 s--> Done (goes to /)
 *                                  --no token / error--> Editing (message, focus on its field)
 */

export const LOGIN_TEXTS = {
  required: 'Please fill in all fields',
  noToken: 'Something went wrong, please try again later',
  fallback: 'An error ocurred', // sic: the product's text, kept verbatim
  success: 'Logged in successfully!',
} as const;

export const LOGIN_REDIRECT_MS = 1000;

export type LoginField = 'email' | 'password';

export interface LoginContext {
  email: string;
  password: string;
  error: string | null;
  /** Where the focus goes after a refusal: the field the message is about (a new object each time). */
  focus: { field: LoginField } | null;
}

export type LoginEvent =
  | { type: 'login.change'; field: LoginField; value: string }
  | { type: 'login.submit' };

/** The first blank field, where 'Please fill in all fields' sends the focus. */
const firstBlank = (context: LoginContext): LoginField =>
  context.email.trim() === '' ? 'email' : 'password';
/** A 400 is about the email's form; any other refusal is a wrong password (or try it again). */
const fieldOfFailure = (error: unknown): LoginField => (failureStatus(error) === 400 ? 'email' : 'password');

/** Which text a failed login shows: the joined validation texts on a 400, else the server's message. */
export const loginErrorText = (error: unknown): string => {
  if (failureStatus(error) === 400) {
    const joined = failureValidationText(error);
    if (joined !== '') return joined;
  }
  return failureMessage(error, LOGIN_TEXTS.fallback);
};

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    tags: {} as 'loading',
  },
  actors: {
    /** POST /users/login; resolves with the body, rejects with a Failure. */
    login: fromPromise<{ token?: string }, { email: string; password: string }>(async () =>
      notProvided('login', 'login'),
    ),
  },
  actions: {
    /** Hands the token to the auth session. */
    acceptToken: (_, _params: { token: string }) => notProvided('login', 'acceptToken'),
    notify: (_, _notice: Notice) => notProvided('login', 'notify'),
    goHome: () => notProvided('login', 'goHome'),
  },
  guards: {
    filledIn: ({ context }) => context.email.trim() !== '' && context.password !== '',
  },
  delays: { redirect: LOGIN_REDIRECT_MS },
}).createMachine({
  id: 'login',
  context: { email: '', password: '', error: null, focus: null },
  initial: 'Editing',
  states: {
    Editing: {
      on: {
        'login.change': {
          actions: assign(({ event }) => ({ [event.field]: event.value })),
        },
        'login.submit': [
          { guard: 'filledIn', target: 'Submitting', actions: assign({ error: null }) },
          {
            actions: assign({
              error: LOGIN_TEXTS.required,
              focus: ({ context }) => ({ field: firstBlank(context) }),
            }),
          },
        ],
      },
    },
    Submitting: {
      tags: 'loading',
      invoke: {
        src: 'login',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: [
          {
            guard: ({ event }) => typeof event.output?.token === 'string' && event.output.token !== '',
            target: 'Succeeded',
            actions: [
              { type: 'acceptToken', params: ({ event }) => ({ token: event.output.token! }) },
              notice('success', LOGIN_TEXTS.success),
            ],
          },
          { target: 'Editing', actions: assign({ error: LOGIN_TEXTS.noToken, focus: { field: 'email' } }) },
        ],
        onError: {
          target: 'Editing',
          actions: assign({
            error: ({ event }) => loginErrorText(event.error),
            focus: ({ event }) => ({ field: fieldOfFailure(event.error) }),
          }),
        },
      },
    },
    Succeeded: {
      after: { redirect: 'Done' },
    },
    Done: {
      type: 'final',
      entry: 'goHome',
    },
  },
});

export type LoginMachine = typeof loginMachine;
export type LoginSnapshot = SnapshotFrom<LoginMachine>;
/** The form is being edited (not submitting, not signed in). */
export const isLoginEditing = (s: LoginSnapshot): boolean => s.matches('Editing');
export const isLoginSubmitting = (s: LoginSnapshot): boolean => s.hasTag('loading');
