import { login } from '@client/api/users';
import { AuthActor } from '@client/auth';
import { Login } from '@client/screens/Login/Login';
import { authMachine, type SessionUser, type StoredToken } from '@machines/auth';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { fromCallback, fromPromise } from 'xstate';

vi.mock('@client/api/users', () => ({ login: vi.fn() }));
const loginMock = vi.mocked(login);

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const token = `${base64url({ alg: 'HS256' })}.${base64url({ sub: 'u1', email: 'ada@example.com', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

const anonymous = authMachine.provide({
  actors: {
    readToken: fromPromise<StoredToken | null>(async () => null),
    fetchMe: fromPromise<SessionUser>(() => new Promise(() => {})),
    sessionEvents: fromCallback(() => undefined),
  },
  actions: { storeToken: () => {}, removeToken: () => {}, navigateToLogin: () => {} },
});

const setup = () => {
  window.history.replaceState(null, '', '/login');
  const user = userEvent.setup();
  render(
    <AuthActor.Provider logic={anonymous}>
      <Login />
      <Toaster />
    </AuthActor.Provider>,
  );
  const fill = async (email: string, password: string) => {
    if (email) await user.type(screen.getByLabelText('Email'), email);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
  };
  return { user, fill };
};

describe('Login screen', () => {
  it('shows the title, the fields, the password toggle, the button and the footer', async () => {
    const { user } = setup();
    expect(screen.getByRole('heading', { name: 'Designer' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByText('Developed by the LEIA team')).toBeInTheDocument();
  });

  it("blank fields: 'Please fill in all fields' and no call", async () => {
    loginMock.mockClear();
    const { fill } = setup();
    await fill('ada@example.com', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(loginMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('a wrong password puts the focus back in the password field, its text selected', async () => {
    loginMock.mockImplementation(() => Promise.reject({ status: 401, message: 'Invalid email or password' }));
    const { fill } = setup();
    await fill('ada@example.com', 'wrong-one');
    await screen.findByRole('alert');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    await waitFor(() => expect(password).toHaveFocus());
    expect([password.selectionStart, password.selectionEnd]).toEqual([0, 'wrong-one'.length]);
  });

  it.each([
    [
      {
        status: 400,
        message: 'Invalid input',
        validationErrors: { email: 'Bad email', password: 'Too short' },
      },
      'Bad email, Too short',
    ],
    [{ status: 401, message: 'Invalid email or password' }, 'Invalid email or password'],
    [{ status: 429, message: 'Too many login attempts' }, 'Too many login attempts'],
    [{ status: 500 }, 'An error ocurred'],
  ])('a failed login (%j) shows %j', async (failure, text) => {
    loginMock.mockImplementation(() => Promise.reject(failure));
    const { fill } = setup();
    await fill('ada@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('no token in the reply: the generic message', async () => {
    loginMock.mockResolvedValue({});
    const { fill } = setup();
    await fill('ada@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong, please try again later',
    );
  });

  it("success: 'Logged in successfully!', the token stored, then / after 1 s", async () => {
    loginMock.mockResolvedValue({ token });
    const { fill } = setup();
    await fill(' ada@example.com ', 'secret');
    expect(loginMock).toHaveBeenCalledWith(
      { email: 'ada@example.com', password: 'secret' },
      expect.anything(),
    );
    expect(await screen.findByText('Logged in successfully!')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    await waitFor(() => expect(window.location.pathname).toBe('/'), { timeout: 10_000 });
  });
});
