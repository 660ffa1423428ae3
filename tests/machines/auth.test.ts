import {
  authMachine,
  type Claims,
  EXPIRY_CHECK_MS,
  isExpired,
  type SessionUser,
  type StoredToken,
} from '@machines/auth';
import type { Failure } from '@machines/failure';
import { createActor, fromCallback, fromPromise } from 'xstate';

const NOW = new Date('2026-01-01T12:00:00Z').getTime();
const nowSeconds = NOW / 1000;

const claims = (overrides: Partial<Claims> = {}): Claims => ({
  sub: 'u1',
  email: 'ada@example.com',
  role: 'instructor',
  iat: nowSeconds - 10,
  exp: nowSeconds + 3600,
  ...overrides,
});

const serverUser: SessionUser = {
  id: 'u1',
  email: 'ada@example.com',
  role: 'admin',
  createdAt: '2025-12-01T00:00:00.000Z',
};

interface Setup {
  stored?: StoredToken | null;
  readFails?: boolean;
  me?: () => Promise<SessionUser>;
}

const start = ({ stored = null, readFails = false, me = async () => serverUser }: Setup = {}) => {
  const calls = { storeToken: [] as string[], removeToken: 0, navigateToLogin: 0, fetchMe: 0 };
  let sendBack: ((event: { type: 'auth.sessionEnded' }) => void) | undefined;
  const actor = createActor(
    authMachine.provide({
      actors: {
        readToken: fromPromise(async () => {
          if (readFails) throw new Error('storage unavailable');
          return stored;
        }),
        fetchMe: fromPromise(async () => {
          calls.fetchMe += 1;
          return me();
        }),
        sessionEvents: fromCallback(({ sendBack: send }) => {
          sendBack = send;
        }),
      },
      actions: {
        storeToken: (_, { token }) => {
          calls.storeToken.push(token);
        },
        removeToken: () => {
          calls.removeToken += 1;
        },
        navigateToLogin: () => {
          calls.navigateToLogin += 1;
        },
      },
    }),
  );
  actor.start();
  return { actor, calls, endSessionElsewhere: () => sendBack?.({ type: 'auth.sessionEnded' }) };
};

/** Lets invoked promises settle (timers are fake). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('isExpired', () => {
  it('is expired when exp is earlier than now in seconds, or the token could not be decoded', () => {
    expect(isExpired(claims({ exp: nowSeconds - 1 }), NOW)).toBe(true);
    expect(isExpired(claims({ exp: nowSeconds }), NOW)).toBe(false);
    expect(isExpired(claims({ exp: nowSeconds + 1 }), NOW)).toBe(false);
    expect(isExpired(null, NOW)).toBe(true);
    expect(isExpired(claims({ exp: undefined }), NOW)).toBe(false);
  });
});

describe('Loading', () => {
  it('starts in Loading with the loading tag', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('Loading');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('no stored token -> Anonymous, nothing removed', async () => {
    const { actor, calls } = start();
    await settle();
    expect(actor.getSnapshot().value).toBe('Anonymous');
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(calls.removeToken).toBe(0);
    expect(actor.getSnapshot().context).toEqual({ token: null, user: null, exp: null });
  });

  it('a usable token -> Authenticated with the user from the token payload at once', async () => {
    const never = new Promise<SessionUser>(() => {});
    const { actor, calls } = start({ stored: { token: 't1', claims: claims() }, me: () => never });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('Authenticated')).toBe(true);
    expect(snapshot.context.token).toBe('t1');
    expect(snapshot.context.user).toEqual({ id: 'u1', email: 'ada@example.com', role: 'instructor' });
    expect(snapshot.context.exp).toBe(nowSeconds + 3600);
    expect(snapshot.matches({ Authenticated: { Profile: 'Refreshing' } })).toBe(true);
    expect(calls.fetchMe).toBe(1);
    expect(calls.removeToken).toBe(0);
  });

  it('an expired token -> removed, Anonymous', async () => {
    const { actor, calls } = start({ stored: { token: 'old', claims: claims({ exp: nowSeconds - 5 }) } });
    await settle();
    expect(actor.getSnapshot().value).toBe('Anonymous');
    expect(calls.removeToken).toBe(1);
    expect(calls.fetchMe).toBe(0);
  });

  it('an undecodable token -> removed, Anonymous', async () => {
    const { actor, calls } = start({ stored: { token: 'garbage', claims: null } });
    await settle();
    expect(actor.getSnapshot().value).toBe('Anonymous');
    expect(calls.removeToken).toBe(1);
  });

  it('storage failing -> Anonymous', async () => {
    const { actor } = start({ readFails: true });
    await settle();
    expect(actor.getSnapshot().value).toBe('Anonymous');
  });
});

describe('Authenticated: refreshing the user from GET /users/me', () => {
  it('replaces the token user with the server user, then Ready', async () => {
    const { actor } = start({ stored: { token: 't1', claims: claims() } });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ Authenticated: { Profile: 'Ready' } })).toBe(true);
    expect(snapshot.context.user).toEqual(serverUser);
  });

  it('Refreshing carries the loading tag', async () => {
    const { actor } = start({ stored: { token: 't1', claims: claims() }, me: () => new Promise(() => {}) });
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('a 401 ends the session: token removed, Anonymous, to /login', async () => {
    const unauthorized: Failure = { status: 401, message: 'Unauthorized' };
    const { actor, calls } = start({
      stored: { token: 't1', claims: claims() },
      me: () => Promise.reject(unauthorized),
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('Anonymous');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(calls.removeToken).toBe(1);
    expect(calls.navigateToLogin).toBe(1);
  });

  it('any other failure keeps the session from the token', async () => {
    const { actor, calls } = start({
      stored: { token: 't1', claims: claims() },
      me: () => Promise.reject({ status: 500 } satisfies Failure),
    });
    await settle();
    expect(actor.getSnapshot().matches({ Authenticated: { Profile: 'Ready' } })).toBe(true);
    expect(actor.getSnapshot().context.user?.email).toBe('ada@example.com');
    expect(calls.removeToken).toBe(0);
  });
});

describe('login', () => {
  it('Anonymous + a usable token -> stored, Authenticated with its user', async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: 'auth.login', token: 'fresh', claims: claims({ email: 'new@example.com' }) });
    expect(calls.storeToken).toEqual(['fresh']);
    expect(actor.getSnapshot().matches('Authenticated')).toBe(true);
    expect(actor.getSnapshot().context.user?.email).toBe('new@example.com');
    expect(calls.fetchMe).toBe(1);
  });

  it('Anonymous + an expired or undecodable token -> ignored', async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: 'auth.login', token: 'stale', claims: claims({ exp: nowSeconds - 1 }) });
    actor.send({ type: 'auth.login', token: 'junk', claims: null });
    expect(actor.getSnapshot().value).toBe('Anonymous');
    expect(calls.storeToken).toEqual([]);
  });

  it('Authenticated + another usable token -> switches account and refreshes again', async () => {
    const { actor, calls } = start({ stored: { token: 't1', claims: claims() } });
    await settle();
    actor.send({ type: 'auth.login', token: 't2', claims: claims({ sub: 'u2', email: 'bob@example.com' }) });
    expect(calls.storeToken).toEqual(['t2']);
    expect(actor.getSnapshot().context.token).toBe('t2');
    expect(actor.getSnapshot().context.user?.id).toBe('u2');
    expect(calls.fetchMe).toBe(2);
  });
});

describe('ending the session', () => {
  it('logout -> token removed, session cleared, to /login', async () => {
    const { actor, calls } = start({ stored: { token: 't1', claims: claims() } });
    await settle();
    actor.send({ type: 'auth.logout' });
    expect(actor.getSnapshot().value).toBe('Anonymous');
    expect(actor.getSnapshot().context).toEqual({ token: null, user: null, exp: null });
    expect(calls.removeToken).toBe(1);
    expect(calls.navigateToLogin).toBe(1);
  });

  it('a 401 elsewhere (sessionEvents) -> Anonymous without a second navigation', async () => {
    const { actor, calls, endSessionElsewhere } = start({ stored: { token: 't1', claims: claims() } });
    await settle();
    endSessionElsewhere();
    expect(actor.getSnapshot().value).toBe('Anonymous');
    expect(calls.removeToken).toBe(1);
    expect(calls.navigateToLogin).toBe(0);
  });

  it('logout while Anonymous does nothing', async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: 'auth.logout' });
    expect(actor.getSnapshot().value).toBe('Anonymous');
    expect(calls.navigateToLogin).toBe(0);
  });
});

describe('userUpdated', () => {
  it('replaces the user while Authenticated', async () => {
    const { actor } = start({ stored: { token: 't1', claims: claims() } });
    await settle();
    actor.send({ type: 'auth.userUpdated', user: { ...serverUser, email: 'changed@example.com' } });
    expect(actor.getSnapshot().context.user?.email).toBe('changed@example.com');
    expect(actor.getSnapshot().context.token).toBe('t1');
  });

  it('is ignored while Anonymous', async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: 'auth.userUpdated', user: serverUser });
    expect(actor.getSnapshot().context.user).toBeNull();
  });
});

describe('expiry re-check every 60 s', () => {
  it('stays signed in while valid, logs out at the first check after exp', async () => {
    const exp = nowSeconds + 90;
    const { actor, calls } = start({ stored: { token: 't1', claims: claims({ exp }) } });
    await settle();
    await vi.advanceTimersByTimeAsync(EXPIRY_CHECK_MS);
    expect(actor.getSnapshot().matches('Authenticated')).toBe(true);
    expect(calls.removeToken).toBe(0);
    await vi.advanceTimersByTimeAsync(EXPIRY_CHECK_MS - 1);
    expect(actor.getSnapshot().matches('Authenticated')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('Anonymous');
    expect(calls.removeToken).toBe(1);
    expect(calls.navigateToLogin).toBe(1);
  });

  it('a token without exp never expires', async () => {
    const { actor } = start({ stored: { token: 't1', claims: claims({ exp: undefined }) } });
    await settle();
    await vi.advanceTimersByTimeAsync(EXPIRY_CHECK_MS * 30);
    expect(actor.getSnapshot().matches('Authenticated')).toBe(true);
  });

  it('no timer runs once signed out', async () => {
    const { actor, calls } = start({ stored: { token: 't1', claims: claims({ exp: nowSeconds + 30 }) } });
    await settle();
    actor.send({ type: 'auth.logout' });
    await vi.advanceTimersByTimeAsync(EXPIRY_CHECK_MS * 3);
    expect(calls.removeToken).toBe(1);
    expect(calls.navigateToLogin).toBe(1);
  });
});
