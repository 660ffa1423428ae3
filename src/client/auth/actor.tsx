import { authMachine } from '@machines/auth';
import { createActorContext } from '@xstate/react';
import { type ComponentProps, createContext } from 'react';
import { readClaims } from './claims';

const session = createActorContext(authMachine);

/** True under AuthActor.Provider, so that useAuth can name the provider it lacks. */
export const InsideAuth = createContext(false);

/** The session's actor, one for the whole app (machines/auth.ts); AuthProvider wires it. */
export const AuthActor = {
  ...session,
  Provider: (props: ComponentProps<typeof session.Provider>) => (
    <InsideAuth.Provider value={true}>
      <session.Provider {...props} />
    </InsideAuth.Provider>
  ),
};

/** Starts a session with a token from the login call or from another tab. */
export const loginEvent = (token: string) =>
  ({ type: 'auth.login', token, claims: readClaims(token) }) as const;
