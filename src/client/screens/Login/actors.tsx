import { withFailure } from '@client/api/errors';
import { login } from '@client/api/users';
import { AuthActor, loginEvent } from '@client/auth';
import { requestFocus, SEARCH_TARGET } from '@client/palette';
import { ROUTES } from '@client/routes';
import { showNotice } from '@client/toasts';
import { loginMachine } from '@machines/login';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';

/** The login form's actor (machines/login.ts). */
export const LoginActor = createActorContext(loginMachine);

/** Wires the login machine once: the API, the session it hands the token to, a toast, the router. */
export function LoginActors({ children }: { children: ReactNode }) {
  const auth = AuthActor.useActorRef();
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    loginMachine.provide({
      actors: { login: fromPromise(({ input, signal }) => withFailure(login(input, { signal }))) },
      actions: {
        acceptToken: (_, { token }) => auth.send(loginEvent(token)),
        notify: showNotice,
        // The next keystroke belongs in the Search box.
        goHome: () => {
          navigate(ROUTES.search);
          requestFocus(SEARCH_TARGET);
        },
      },
    }),
  );
  return <LoginActor.Provider logic={logic}>{children}</LoginActor.Provider>;
}
