import type { Failure } from '@machines/failure';
import { LOGIN_REDIRECT_MS, LOGIN_TEXTS, loginErrorText, loginMachine } from '@machines/login';
import type { Notice } from '@machines/notice';
import { createActor, fromPromise } from 'xstate';

const start = (login: (input: { email: string; password: string }) => Promise<{ token?: string }>) => {
  const calls = { login: [] as unknown[], acceptToken: [] as string[], notified: [] as Notice[], goHome: 0 };
  const actor = createActor(
    loginMachine.provide({
      actors: {
        login: fromPromise(async ({ input }) => {
          calls.login.push(input);
          return login(input);
        }),
      },
      actions: {
        acceptToken: (_, { token }) => {
          calls.acceptToken.push(token);
        },
        notify: (_, notice) => {
          calls.notified.push(notice);
        },
        goHome: () => {
          calls.goHome += 1;
        },
      },
    }),
  ).start();
  const fill = (email: string, password: string) => {
    actor.send({ type: 'login.change', field: 'email', value: email });
    actor.send({ type: 'login.change', field: 'password', value: password });
  };
  return { actor, calls, fill };
};

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('login machine', () => {
  it('starts Editing with empty fields and no error', () => {
    const { actor } = start(async () => ({ token: 't' }));
    expect(actor.getSnapshot().value).toBe('Editing');
    expect(actor.getSnapshot().context).toEqual({ email: '', password: '', error: null, focus: null });
  });

  it.each([
    ['', 'secret'],
    ['ada@example.com', ''],
    ['   ', 'secret'],
  ])('blank fields (%j, %j) -> "Please fill in all fields", no call', (email, password) => {
    const { actor, calls, fill } = start(async () => ({ token: 't' }));
    fill(email, password);
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().value).toBe('Editing');
    expect(actor.getSnapshot().context.error).toBe(LOGIN_TEXTS.required);
    expect(calls.login).toEqual([]);
    expect(actor.getSnapshot().context.focus).toEqual({ field: email.trim() === '' ? 'email' : 'password' });
  });

  it.each([
    [401, 'password'],
    [429, 'password'],
    [400, 'email'],
  ] as const)('a %i refusal sends the focus to the %s field, anew each time', async (status, field) => {
    const reply = Promise.reject({ status, message: 'No' });
    reply.catch(() => {});
    const { actor, fill } = start(() => reply);
    fill('ada@example.com', 'wrong');
    actor.send({ type: 'login.submit' });
    await settle();
    const first = actor.getSnapshot().context.focus;
    expect(first).toEqual({ field });
    actor.send({ type: 'login.submit' });
    await settle();
    expect(actor.getSnapshot().context.focus).toEqual({ field });
    expect(actor.getSnapshot().context.focus).not.toBe(first);
  });

  it('submits the trimmed email; Submitting carries the loading tag and clears the old error', () => {
    const { actor, calls, fill } = start(() => new Promise(() => {}));
    actor.send({ type: 'login.submit' });
    fill('  ada@example.com ', 'secret');
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().value).toBe('Submitting');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls.login).toEqual([{ email: 'ada@example.com', password: 'secret' }]);
  });

  it('a token -> accepted, success shown, then / after exactly 1 s', async () => {
    const { actor, calls, fill } = start(async () => ({ token: 'jwt' }));
    fill('ada@example.com', 'secret');
    actor.send({ type: 'login.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('Succeeded');
    expect(calls.acceptToken).toEqual(['jwt']);
    expect(calls.notified).toEqual([{ tone: 'success', message: LOGIN_TEXTS.success }]);
    await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_MS - 1);
    expect(calls.goHome).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.goHome).toBe(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('no token in the response -> "Something went wrong, please try again later"', async () => {
    const { actor, calls, fill } = start(async () => ({}));
    fill('ada@example.com', 'secret');
    actor.send({ type: 'login.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('Editing');
    expect(actor.getSnapshot().context.error).toBe(LOGIN_TEXTS.noToken);
    expect(calls.acceptToken).toEqual([]);
  });

  it('a failure -> back to Editing with the rule-of-section-8 text, and can retry', async () => {
    let reply: Promise<{ token?: string }> = Promise.reject({
      status: 401,
      message: 'Invalid email or password',
    });
    reply.catch(() => {});
    const { actor, fill } = start(() => reply);
    fill('ada@example.com', 'wrong');
    actor.send({ type: 'login.submit' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Invalid email or password');
    reply = Promise.resolve({ token: 'jwt' });
    actor.send({ type: 'login.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('Succeeded');
  });
});

describe('loginErrorText (spec section 8 "Login")', () => {
  it('400: the validation texts joined with ", "', () => {
    const failure: Failure = {
      status: 400,
      message: 'Invalid input',
      validationErrors: { email: 'Email is required', password: 'Password is required' },
    };
    expect(loginErrorText(failure)).toBe('Email is required, Password is required');
  });

  it('400 without validation texts: the server message', () => {
    expect(loginErrorText({ status: 400, message: 'Bad request' })).toBe('Bad request');
  });

  it('other statuses: the server message', () => {
    expect(loginErrorText({ status: 401, message: 'Invalid email or password' })).toBe(
      'Invalid email or password',
    );
    expect(loginErrorText({ status: 429, message: 'Too many attempts' })).toBe('Too many attempts');
  });

  it('no message (network error: withFailure gives {status: undefined}): "An error ocurred"', () => {
    expect(loginErrorText({})).toBe(LOGIN_TEXTS.fallback);
    expect(loginErrorText({ status: 500 })).toBe('An error ocurred');
  });
});
