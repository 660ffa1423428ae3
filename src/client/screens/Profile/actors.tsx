import { withFailure } from '@client/api/errors';
import { changePassword, updateProfile } from '@client/api/users';
import { AuthActor } from '@client/auth';
import { emailChangeMachine } from '@machines/emailChange';
import { passwordChangeMachine } from '@machines/passwordChange';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { fromPromise } from 'xstate';

/** The email edit flow (machines/emailChange.ts). */
export const EmailChangeActor = createActorContext(emailChangeMachine);
/** The Change Password form (machines/passwordChange.ts). */
export const PasswordChangeActor = createActorContext(passwordChangeMachine);

const notify = {
  notifySuccess: (_: unknown, { message }: { message: string }) => {
    toast.success(message);
  },
  notifyFailure: (_: unknown, { message }: { message: string }) => {
    toast.error(message);
  },
};

/** Wires the profile's two machines once: the API, toasts, and the session the new email goes to. */
export function ProfileActors({ children }: { children: ReactNode }) {
  const auth = AuthActor.useActorRef();
  const [logic] = useState(() => ({
    email: emailChangeMachine.provide({
      actors: {
        updateEmail: fromPromise(({ input, signal }) => withFailure(updateProfile(input, { signal }))),
      },
      actions: { ...notify, userUpdated: (_, { user }) => auth.send({ type: 'auth.userUpdated', user }) },
    }),
    password: passwordChangeMachine.provide({
      actors: {
        changePassword: fromPromise(({ input, signal }) => withFailure(changePassword(input, { signal }))),
      },
      actions: notify,
    }),
  }));
  return (
    <EmailChangeActor.Provider logic={logic.email}>
      <PasswordChangeActor.Provider logic={logic.password}>{children}</PasswordChangeActor.Provider>
    </EmailChangeActor.Provider>
  );
}
