import { api, clientFor, onUnauthorized } from '@client/api/client';
import { toFailure, withFailure } from '@client/api/errors';
import { TOKEN_KEY } from '@client/api/token';
import { deleteUser, login, updateUser } from '@client/api/users';
import { failureMessage, failureStatus, failureValidationText } from '@machines/failure';

/** How machines read a failed call: what withFailure hands them. */
const statusOf = (error: unknown) => failureStatus(toFailure(error));
const errorMessage = (error: unknown, fallback: string) => failureMessage(toFailure(error), fallback);
const validationMessages = (error: unknown) => failureValidationText(toFailure(error));

const reply = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });

const fetchMock = vi.fn<(request: RequestInfo, init?: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/profile');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const lastHeaders = () => new Headers(fetchMock.mock.calls.at(-1)?.[1]?.headers);

describe('api client', () => {
  it('calls /api/v1 with the bearer token from local storage on every call', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    fetchMock.mockImplementation(async () => reply(200, { ok: true }));
    await api('/users/me');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/users/me');
    expect(lastHeaders().get('Authorization')).toBe('Bearer abc');
    localStorage.setItem(TOKEN_KEY, 'def');
    await api('/users/me');
    expect(lastHeaders().get('Authorization')).toBe('Bearer def');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockImplementation(async () => reply(200, {}));
    await api('/users/me');
    expect(lastHeaders().has('Authorization')).toBe(false);
  });

  it('401: removes the token, tells the listeners and goes to /login', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    fetchMock.mockImplementation(async () => reply(401, { message: 'Unauthorized' }));
    await expect(api('/users')).rejects.toThrow();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/login');
    stop();
  });

  it('403: goes to /forbidden and keeps the token', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    fetchMock.mockImplementation(async () => reply(403, { message: 'Forbidden' }));
    await expect(api('/users')).rejects.toThrow();
    expect(window.location.pathname).toBe('/forbidden');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');
  });

  it('handleAuthErrors: false leaves 401 and 403 to the caller', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    fetchMock.mockImplementation(async () => reply(403, { message: 'You cannot delete yourself' }));
    const error = await deleteUser('u1', { handleAuthErrors: false }).catch((e: unknown) => e);
    expect(statusOf(error)).toBe(403);
    expect(errorMessage(error, 'fallback')).toBe('You cannot delete yourself');
    expect(window.location.pathname).toBe('/profile');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');

    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    fetchMock.mockImplementation(async () => reply(401, { message: 'Unauthorized' }));
    expect(statusOf(await deleteUser('u1', { handleAuthErrors: false }).catch((e: unknown) => e))).toBe(401);
    expect(window.location.pathname).toBe('/profile');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(listener).not.toHaveBeenCalled();
    stop();
  });

  it('handleForbidden: false leaves a 403 to the caller but keeps the 401 rule', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    fetchMock.mockImplementation(async () => reply(403, { message: 'Not yours' }));
    const error = await clientFor({ handleForbidden: false })('/leias/l1', { method: 'DELETE' }).catch(
      (e: unknown) => e,
    );
    expect(statusOf(error)).toBe(403);
    expect(errorMessage(error, 'fallback')).toBe('Not yours');
    expect(window.location.pathname).toBe('/profile');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');

    fetchMock.mockImplementation(async () => reply(401, { message: 'Unauthorized' }));
    await expect(clientFor({ handleForbidden: false })('/leias/l1', { method: 'DELETE' })).rejects.toThrow();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/login');
    stop();
  });

  it('handleAuthErrors: false wins over handleForbidden (neither rule applies)', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    fetchMock.mockImplementation(async () => reply(401, {}));
    await expect(
      clientFor({ handleAuthErrors: false, handleForbidden: true })('/users/me'),
    ).rejects.toThrow();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(window.location.pathname).toBe('/profile');
  });

  it('deleting a user keeps both global rules (a 403 means the caller is no longer an admin)', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    fetchMock.mockImplementation(async () => reply(403, { message: 'Administrator access required' }));
    await expect(deleteUser('u1')).rejects.toThrow();
    expect(window.location.pathname).toBe('/forbidden');
    window.history.replaceState(null, '', '/admin/users');
    fetchMock.mockImplementation(async () => reply(401, { message: 'Unauthorized' }));
    await expect(deleteUser('u1')).rejects.toThrow();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('login never applies the global 401 rule (a wrong password is the form’s business)', async () => {
    fetchMock.mockImplementation(async () => reply(401, { message: 'Invalid email or password' }));
    await expect(login({ email: 'a@b.c', password: 'x' })).rejects.toThrow();
    expect(window.location.pathname).toBe('/profile');
  });

  it('updateUser omits a blank password', async () => {
    fetchMock.mockImplementation(async () => reply(200, {}));
    await updateUser('u1', { email: 'a@b.c', role: 'admin', password: '' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ email: 'a@b.c', role: 'admin' });
    await updateUser('u1', { email: 'a@b.c', role: 'admin', password: 'secret1' });
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      email: 'a@b.c',
      role: 'admin',
      password: 'secret1',
    });
  });
});

describe('error readers', () => {
  it('read the server body of a failed call', async () => {
    fetchMock.mockResolvedValue(
      reply(400, {
        message: 'Invalid input',
        validationErrors: { email: 'Email is required', password: 'Too short' },
      }),
    );
    const error = await login({ email: '', password: '' }).catch((e: unknown) => e);
    expect(statusOf(error)).toBe(400);
    expect(errorMessage(error, 'fallback')).toBe('Invalid input');
    expect(validationMessages(error)).toBe('Email is required, Too short');
    expect(toFailure(error)).toEqual({
      status: 400,
      message: 'Invalid input',
      validationErrors: { email: 'Email is required', password: 'Too short' },
    });
  });

  it('fall back when there is no body or no response', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    const failure = await withFailure(api('/users')).catch((e: unknown) => e);
    expect(failure).toEqual({ status: undefined });
    expect(errorMessage(failure, 'An error ocurred')).toBe('An error ocurred');
    expect(validationMessages(failure)).toBe('');
  });
});
