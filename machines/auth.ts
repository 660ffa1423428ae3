import { assign, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { failureStatus } from './failure';
import { notProvided } from './notProvided';

/**
 * The authentication session: the JWT in local storage, checked on start and every minute.
 *
 *   Loading --stored token usable--> Authenticated --logout / 401 / expired--> Anonymous
 *           --expired/undecodable--> Anonymous (token removed)
 *   Anonymous --auth.login--> Authenticated
 *
 * The machine is pure: reading and writing local storage, decoding the JWT, fetching the user and
 * navigating are named stubs that the app fills with .provide(). Decoding happens where the token
 * is read (the `readToken` actor, the `auth.login` sender), so events carry the decoded claims and
 * the rules about them (expired, undecodable) stay here.
 */

/** The JWT payload fields the client reads. */
export interface Claims {
  sub?: string;
  email?: string;
  role?: string;
  /** Seconds since the epoch. */
  exp?: number;
  iat?: number;
}

export interface SessionUser {
  id: string;
  email: string;
  role: string;
  createdAt?: string;
}

/** A token as found in storage; `claims` is null when it could not be decoded. */
export interface StoredToken {
  token: string;
  claims: Claims | null;
}

export interface AuthContext {
  token: string | null;
  user: SessionUser | null;
  /** exp of the held token, in seconds since the epoch; null = never expires. */
  exp: number | null;
}

export type AuthEvent =
  | { type: 'auth.login'; token: string; claims: Claims | null }
  | { type: 'auth.logout' }
  /** The token disappeared elsewhere: an API call got a 401, or another tab logged out. */
  | { type: 'auth.sessionEnded' }
  /** The user changed (e.g. after an email change): replaces the session's user. */
  | { type: 'auth.userUpdated'; user: SessionUser };

/** How often the token's expiry is checked while signed in. */
export const EXPIRY_CHECK_MS = 60_000;

/** Expired if exp is earlier than the current time in seconds; undecodable counts as expired. */
export const isExpired = (claims: Claims | null, nowMs: number = Date.now()): boolean =>
  claims === null || (typeof claims.exp === 'number' && claims.exp < nowMs / 1000);

const usable = (stored: StoredToken | null | undefined): stored is StoredToken =>
  Boolean(stored) && !isExpired(stored?.claims ?? null);

export const userFromClaims = (claims: Claims): SessionUser => ({
  id: claims.sub ?? '',
  email: claims.email ?? '',
  role: claims.role ?? '',
});

const sessionFrom = (stored: StoredToken): AuthContext => ({
  token: stored.token,
  user: userFromClaims(stored.claims ?? {}),
  exp: typeof stored.claims?.exp === 'number' ? stored.claims.exp : null,
});

const emptySession: AuthContext = { token: null, user: null, exp: null };

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    tags: {} as 'loading',
  },
  actors: {
    /** Reads the token from storage and decodes it. */
    readToken: fromPromise<StoredToken | null>(async () => notProvided('auth', 'readToken')),
    /** GET /users/me; rejects with a Failure (status 401 = the token is no longer accepted). */
    fetchMe: fromPromise<SessionUser>(async () => notProvided('auth', 'fetchMe')),
    /** Reports sessions ended or started outside this actor (401 elsewhere, other tabs). */
    sessionEvents: fromCallback<AuthEvent>(() => notProvided('auth', 'sessionEvents')),
  },
  actions: {
    storeToken: (_, _params: { token: string }) => notProvided('auth', 'storeToken'),
    removeToken: () => notProvided('auth', 'removeToken'),
    navigateToLogin: () => notProvided('auth', 'navigateToLogin'),
    startSession: assign((_, params: StoredToken) => sessionFrom(params)),
    clearSession: assign(() => emptySession),
    setUser: assign((_, params: { user: SessionUser }) => ({ user: params.user })),
  },
  guards: {
    usable: (_, params: StoredToken | null) => usable(params),
    isExpiredNow: ({ context }) => context.exp !== null && context.exp < Date.now() / 1000,
    isUnauthorized: (_, params: { error: unknown }) => failureStatus(params.error) === 401,
  },
  delays: {
    expiryCheck: EXPIRY_CHECK_MS,
  },
}).createMachine({
  id: 'auth',
  context: emptySession,
  // Runs for the actor's whole life: a 401 on any call or a logout/login in another tab.
  invoke: { src: 'sessionEvents' },
  initial: 'Loading',
  states: {
    Loading: {
      tags: 'loading',
      invoke: {
        src: 'readToken',
        onDone: [
          {
            guard: { type: 'usable', params: ({ event }) => event.output },
            target: 'Authenticated',
            actions: { type: 'startSession', params: ({ event }) => event.output! },
          },
          // Present but expired or undecodable: removed.
          { guard: ({ event }) => event.output !== null, target: 'Anonymous', actions: 'removeToken' },
          { target: 'Anonymous' },
        ],
        onError: { target: 'Anonymous' },
      },
    },

    Anonymous: {
      on: {
        'auth.login': {
          guard: { type: 'usable', params: ({ event }) => event },
          target: 'Authenticated',
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'startSession', params: ({ event }) => event },
          ],
        },
      },
    },

    Authenticated: {
      type: 'parallel',
      on: {
        'auth.logout': {
          target: 'Anonymous',
          actions: ['removeToken', 'clearSession', 'navigateToLogin'],
        },
        'auth.sessionEnded': { target: 'Anonymous', actions: ['removeToken', 'clearSession'] },
        // Another account signed in (switch account, or another tab): start over with it.
        'auth.login': {
          guard: { type: 'usable', params: ({ event }) => event },
          target: 'Authenticated',
          reenter: true,
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'startSession', params: ({ event }) => event },
          ],
        },
        'auth.userUpdated': { actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) } },
      },
      states: {
        /** The user from the token is shown at once, then replaced by the server's view of it. */
        Profile: {
          initial: 'Refreshing',
          states: {
            Refreshing: {
              tags: 'loading',
              invoke: {
                src: 'fetchMe',
                onDone: {
                  target: 'Ready',
                  actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                },
                onError: [
                  {
                    guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                    target: '#auth.Anonymous',
                    actions: ['removeToken', 'clearSession', 'navigateToLogin'],
                  },
                  // Offline or a server error: keep the session from the token.
                  { target: 'Ready' },
                ],
              },
            },
            Ready: {},
          },
        },
        Expiry: {
          initial: 'Waiting',
          states: {
            Waiting: {
              after: {
                expiryCheck: [
                  {
                    guard: 'isExpiredNow',
                    target: '#auth.Anonymous',
                    actions: ['removeToken', 'clearSession', 'navigateToLogin'],
                  },
                  { target: 'Waiting', reenter: true },
                ],
              },
            },
          },
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
export type AuthSnapshot = SnapshotFrom<AuthMachine>;
/** The stored session is being read (nothing is known about the user yet). */
export const isAuthLoading = (s: AuthSnapshot): boolean => s.matches('Loading');
