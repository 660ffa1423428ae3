import { withFailure } from '@client/api/errors';
import { changePassword, updateProfile } from '@client/api/users';
import { AuthActor } from '@client/auth';
import { showNotice } from '@client/toasts';
import { emailChangeMachine } from '@machines/emailChange/machine';
import { passwordChangeMachine } from '@machines/passwordChange/machine';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { fromPromise } from 'xstate';

/** The email edit flow (machines/emailChange/machine.ts). */
export const EmailChangeActor = createActorContext(emailChangeMachine);
/** The Change Password form (machines/passwordChange/machine.ts). */
export const PasswordChangeActor = createActorContext(passwordChangeMachine);

/** Wires the profile's two machines once: the API, toasts, and the session the new email goes to. */
export function ProfileActors({ children }: { children: ReactNode }) {
  const auth = AuthActor.useActorRef();
  const [logic] = useState(() => ({
    email: emailChangeMachine.provide({
      actors: {
        updateEmail: fromPromise(({ input, signal }) => withFailure(updateProfile(input, { signal }))),
      },
      actions: {
        notify: showNotice,
        userUpdated: (_, { user }) => auth.send({ type: 'auth.userUpdated', user }),
      },
    }),
    password: passwordChangeMachine.provide({
      actors: {
        changePassword: fromPromise(({ input, signal }) => withFailure(changePassword(input, { signal }))),
      },
      actions: { notify: showNotice },
    }),
  }));
  return (
    <EmailChangeActor.Provider logic={logic.email}>
      <PasswordChangeActor.Provider logic={logic.password}>{children}</PasswordChangeActor.Provider>
    </EmailChangeActor.Provider>
  );
}
