import { AdminRoute, AuthActor, AuthProvider, ProtectedRoute, useAuth } from '@client/auth';
import { readClaims } from '@client/auth/claims';
import { authMachine, type SessionUser, type StoredToken } from '@machines/auth';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromCallback, fromPromise } from 'xstate';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const makeToken = (payload: object) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature`;
const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

const stored = (role: string): StoredToken => ({
  token: `token-${role}`,
  claims: { sub: `id-${role}`, email: `${role}@example.com`, role, exp: inOneHour() },
});

/** The auth machine with storage and the API replaced. */
const fakeAuth = (read: () => Promise<StoredToken | null>, navigateToLogin = vi.fn()) =>
  authMachine.provide({
    actors: {
      readToken: fromPromise(read),
      fetchMe: fromPromise<SessionUser>(() => new Promise(() => {})),
      sessionEvents: fromCallback(() => undefined),
    },
    actions: { storeToken: () => {}, removeToken: () => {}, navigateToLogin },
  });

const renderRoutes = (path: string, read: () => Promise<StoredToken | null>) => {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <AuthActor.Provider logic={fakeAuth(read)}>
        <Switch>
          <Route path="/login">Login page</Route>
          <Route path="/forbidden">Forbidden page</Route>
          <Route path="/profile">
            <ProtectedRoute>Profile content</ProtectedRoute>
          </Route>
          <Route path="/admin">
            <AdminRoute>Admin content</AdminRoute>
          </Route>
        </Switch>
      </AuthActor.Provider>
    </Router>,
  );
  return location;
};

describe('useAuth', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });

  it('login decodes the token user; logout clears and goes to /login', async () => {
    const navigateToLogin = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AuthActor.Provider logic={fakeAuth(async () => null, navigateToLogin)}>{children}</AuthActor.Provider>
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await act(async () => {});
    expect(result.current).toMatchObject({
      isLoading: false,
      isAuthenticated: false,
      token: null,
      user: null,
    });

    const token = makeToken({ sub: 'u9', email: 'ada@example.com', role: 'advanced', exp: inOneHour() });
    act(() => result.current.login(token));
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.token).toBe(token);
    expect(result.current.user).toEqual({ id: 'u9', email: 'ada@example.com', role: 'advanced' });

    act(() => result.current.updateUser({ id: 'u9', email: 'new@example.com', role: 'advanced' }));
    expect(result.current.user?.email).toBe('new@example.com');

    act(() => result.current.logout());
    expect(result.current).toMatchObject({ isAuthenticated: false, token: null, user: null });
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
  });

  it('a token that cannot be decoded yields no user and logs an error', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readClaims('not-a-jwt')).toBeNull();
    expect(log).toHaveBeenCalled();
  });
});

describe('ProtectedRoute', () => {
  it("shows 'Loading...' while the session loads, then the screen", async () => {
    let finish: (value: StoredToken) => void = () => {};
    renderRoutes('/profile', () => new Promise((resolve) => (finish = resolve)));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => finish(stored('instructor')));
    expect(screen.getByText('Profile content')).toBeInTheDocument();
  });

  it('sends anonymous users to /login', async () => {
    const location = renderRoutes('/profile', async () => null);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/login');
  });
});

describe('AdminRoute', () => {
  it('sends signed-in non-admins to /forbidden', async () => {
    for (const role of ['instructor', 'advanced']) {
      const location = renderRoutes('/admin', async () => stored(role));
      expect(await screen.findByText('Forbidden page')).toBeInTheDocument();
      expect(location.history?.at(-1)).toBe('/forbidden');
      document.body.innerHTML = '';
    }
  });

  it('sends anonymous users to /login', async () => {
    renderRoutes('/admin', async () => null);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('lets admins in', async () => {
    renderRoutes('/admin', async () => stored('admin'));
    expect(await screen.findByText('Admin content')).toBeInTheDocument();
  });
});

describe('AuthProvider (the real wiring)', () => {
  it('logout forgets what was stored for the user, and keeps the browser’s preferences', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    localStorage.setItem(
      'token',
      makeToken({ sub: 'u1', email: 'ada@example.com', role: 'admin', exp: inOneHour() }),
    );
    localStorage.setItem('leia:chat', JSON.stringify({ sessionId: 's1', messages: [] }));
    sessionStorage.setItem('leia:wizard', '{"step":2}');
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('leia:density', 'compact');
    const location = memoryLocation({ path: '/profile', record: true });
    const { result } = renderHook(() => useAuth(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <Router hook={location.hook}>
          <AuthProvider>{children}</AuthProvider>
        </Router>
      ),
    });
    await act(async () => {});
    expect(result.current.isAuthenticated).toBe(true);
    act(() => result.current.logout());
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('leia:chat')).toBeNull();
    expect(sessionStorage.getItem('leia:wizard')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('leia:density')).toBe('compact');
    expect(location.history.at(-1)).toBe('/login');
    vi.unstubAllGlobals();
  });
});
