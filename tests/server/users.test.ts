import { decodeJwt } from 'jose';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/v1/users/login', () => {
  it('returns a signed token with sub, email, role and an expiry', async () => {
    const token = await t.login(t.admin.email, t.admin.password);
    const claims = decodeJwt(token);
    expect(claims.sub).toBe(t.admin.id);
    expect(claims.email).toBe(t.admin.email);
    expect(claims.role).toBe('admin');
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: `  ${t.admin.email.toUpperCase()} `, password: t.admin.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers missing fields with 400 and validationErrors', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/users/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    const unknown = await t.request({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'nobody@test.local', password: 'whatever1' },
    });
    const wrong = await t.request({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: t.admin.email, password: 'wrong-password' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Invalid email or password' });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('rejects a malformed JSON body with a clear 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Invalid JSON body/);
  });
});

describe('login rate limiting', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ loginMaxFailures: 3 });
  });
  afterAll(() => limited.close());

  it('counts only failures, then answers 429 with a message even for the right password', async () => {
    const attempt = (password: string) =>
      limited.request({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: limited.admin.email, password },
        remoteAddress: '10.0.0.7',
      });
    // Successful logins never use up the allowance.
    for (let i = 0; i < 5; i++) expect((await attempt(limited.admin.password)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt('bad-password')).statusCode).toBe(401);
    const blocked = await attempt(limited.admin.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed login attempts/);
    // Another client signing in to another account is not affected...
    const instructor = await limited.createUser('instructor');
    const other = await limited.request({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: instructor.email, password: instructor.password },
      remoteAddress: '10.0.0.8',
    });
    expect(other.statusCode).toBe(200);
    // ...but the account itself is limited from every address, so rotating addresses does not help.
    const elsewhere = await limited.request({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: limited.admin.email.toUpperCase(), password: 'guess' },
      remoteAddress: '10.0.0.9',
    });
    expect(elsewhere.statusCode).toBe(429);
  });

  it('believes no X-Forwarded-For by default: a fresh header per attempt is still the same client', async () => {
    const user = await limited.createUser('instructor');
    const attempt = (n: number, email: string) =>
      limited.request({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email, password: 'bad-password' },
        remoteAddress: '10.0.1.1',
        headers: { 'x-forwarded-for': `198.51.100.${n}` },
      });
    for (let i = 0; i < 3; i++) expect((await attempt(i, user.email)).statusCode).toBe(401);
    // Another account, a fresh forwarded address: still this client's fourth failure.
    const other = await limited.createUser('instructor');
    expect((await attempt(99, other.email)).statusCode).toBe(429);
  });
});

describe('login limits behind a trusted proxy (LEIA_TRUST_PROXY)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ loginMaxFailures: 3, trustProxy: ['10.9.0.1'] });
  });
  afterAll(() => proxied.close());

  const viaProxy = (email: string, client: string) =>
    proxied.request({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email, password: 'bad-password' },
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-for': client },
    });

  it('tells clients apart by the forwarded address, and still limits each account', async () => {
    const first = await proxied.createUser('instructor');
    for (let i = 0; i < 3; i++) expect((await viaProxy(first.email, '203.0.113.1')).statusCode).toBe(401);
    expect((await viaProxy(first.email, '203.0.113.1')).statusCode).toBe(429);
    // The same account from rotating addresses: the account limit holds.
    for (let i = 2; i < 6; i++) expect((await viaProxy(first.email, `203.0.113.${i}`)).statusCode).toBe(429);
    // Another client behind the same proxy, another account: not affected.
    const second = await proxied.createUser('instructor');
    expect((await viaProxy(second.email, '203.0.113.50')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/users/me and token checks', () => {
  it('returns the signed-in user without any password field', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/users/me', token: t.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: t.admin.id,
      email: t.admin.email,
      role: 'admin',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it.each([
    ['no header', undefined],
    ['garbage', 'Bearer not-a-token'],
    ['wrong scheme', 'Basic abc'],
  ])('answers 401 for %s', async (_label, authorization) => {
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('answers 401 for a token signed with another secret', async () => {
    const other = await createTestApp({ jwtSecret: 'x'.repeat(40) });
    try {
      const res = await t.request({ method: 'GET', url: '/api/v1/users/me', token: other.admin.token });
      expect(res.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('answers 401 for an expired token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() - 2 * 3600 * 1000);
      const old = await t.login(t.admin.email, t.admin.password);
      vi.useRealTimers();
      const res = await t.request({ method: 'GET', url: '/api/v1/users/me', token: old });
      expect(res.statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("stops a deleted user's token at once", async () => {
    const user = await t.createUser('instructor');
    expect((await t.request({ method: 'GET', url: '/api/v1/users/me', token: user.token })).statusCode).toBe(
      200,
    );
    await t.request({ method: 'DELETE', url: `/api/v1/users/${user.id}`, token: t.admin.token });
    const res = await t.request({ method: 'GET', url: '/api/v1/users/me', token: user.token });
    expect(res.statusCode).toBe(401);
  });

  it('takes the role from the database: a demoted admin loses admin rights at once', async () => {
    const second = await t.createUser('admin');
    expect((await t.request({ method: 'GET', url: '/api/v1/users', token: second.token })).statusCode).toBe(
      200,
    );
    await t.request({
      method: 'PUT',
      url: `/api/v1/users/${second.id}`,
      token: t.admin.token,
      payload: { email: second.email, role: 'instructor' },
    });
    expect((await t.request({ method: 'GET', url: '/api/v1/users', token: second.token })).statusCode).toBe(
      403,
    );
  });
});

describe('user administration', () => {
  it('creates a user with a trimmed email and the default role instructor', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/users',
      token: t.admin.token,
      payload: { email: '  new.person@test.local ', password: 'secret1' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'new.person@test.local', role: 'instructor' });
    expect(res.json()).not.toHaveProperty('passwordHash');
    expect(await t.login('new.person@test.local', 'secret1')).toEqual(expect.any(String));
  });

  it('refuses a duplicate email regardless of case with 409', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/users',
      token: t.admin.token,
      payload: { email: 'NEW.PERSON@test.local', password: 'secret1', role: 'advanced' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A user with this email already exists');
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret1' }, 'email', 'Please enter a valid email address'],
    [
      { email: `${'a'.repeat(65)}@test.local`, password: 'secret1' },
      'email',
      'Please enter a valid email address',
    ],
    [
      { email: `a@${'b'.repeat(250)}.com`, password: 'secret1' },
      'email',
      'Please enter a valid email address',
    ],
    [{ email: '   ', password: 'secret1' }, 'email', 'Email is required'],
    [{ email: 'ok@test.local', password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ email: 'ok@test.local' }, 'password', 'Password is required'],
    [{ email: 'ok@test.local', password: 'secret1', role: 'root' }, 'role', expect.any(String)],
  ])('validates %j', async (payload, field, message) => {
    const res = await t.request({ method: 'POST', url: '/api/v1/users', token: t.admin.token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors[field]).toEqual(message);
  });

  it('lists users with id, email, role, createdAt and how many items they own', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/users', token: t.admin.token });
    expect(res.statusCode).toBe(200);
    const admin = res.json().find((u: { id: string }) => u.id === t.admin.id);
    expect(admin).toEqual({
      id: t.admin.id,
      email: t.admin.email,
      role: 'admin',
      createdAt: expect.any(String),
      ownedItems: 0,
    });
  });

  it('updates email and role, keeping the password when it is blank', async () => {
    const user = await t.createUser('instructor');
    const res = await t.request({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      token: t.admin.token,
      payload: { email: `renamed-${user.email}`, role: 'advanced', password: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: `renamed-${user.email}`, role: 'advanced' });
    expect(await t.login(`renamed-${user.email}`, user.password)).toEqual(expect.any(String));
  });

  it('updates the password when one is given', async () => {
    const user = await t.createUser('instructor');
    await t.request({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      token: t.admin.token,
      payload: { email: user.email, role: 'instructor', password: 'brand-new-pass' },
    });
    expect(await t.login(user.email, 'brand-new-pass')).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown or malformed id, and 409 for an email taken by someone else', async () => {
    const payload = { email: 'x@test.local', role: 'instructor' };
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await t.request({
        method: 'PUT',
        url: `/api/v1/users/${id}`,
        token: t.admin.token,
        payload,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('User not found');
    }
    const user = await t.createUser('instructor');
    const res = await t.request({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      token: t.admin.token,
      payload: { email: t.admin.email.toUpperCase(), role: 'instructor' },
    });
    expect(res.statusCode).toBe(409);
  });

  it('does not let an admin delete their own account', async () => {
    const res = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/${t.admin.id}`,
      token: t.admin.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot delete your own account');
  });

  it('does not let the last admin be demoted', async () => {
    const solo = await createTestApp();
    try {
      const res = await solo.request({
        method: 'PUT',
        url: `/api/v1/users/${solo.admin.id}`,
        token: solo.admin.token,
        payload: { email: solo.admin.email, role: 'advanced' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Cannot change the role of the last administrator');
      const me = await solo.request({ method: 'GET', url: '/api/v1/users/me', token: solo.admin.token });
      expect(me.json().role).toBe('admin');
    } finally {
      await solo.close();
    }
  });

  it('deletes another user with 204 and 404s the second time', async () => {
    const user = await t.createUser('advanced');
    const first = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/${user.id}`,
      token: t.admin.token,
    });
    expect(first.statusCode).toBe(204);
    const second = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/${user.id}`,
      token: t.admin.token,
    });
    expect(second.statusCode).toBe(404);
  });
});

describe('profile', () => {
  it('changes the own email; the new one logs in', async () => {
    const user = await t.createUser('instructor');
    const res = await t.request({
      method: 'PUT',
      url: '/api/v1/users/profile/update',
      token: user.token,
      payload: { email: ` changed-${user.email} ` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: `changed-${user.email}`, role: 'instructor' });
    expect(await t.login(`changed-${user.email}`, user.password)).toEqual(expect.any(String));
  });

  it('refuses the same email (400), an invalid one (400) and a taken one (409)', async () => {
    const user = await t.createUser('instructor');
    const same = await t.request({
      method: 'PUT',
      url: '/api/v1/users/profile/update',
      token: user.token,
      payload: { email: user.email },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Please enter a different email');
    const invalid = await t.request({
      method: 'PUT',
      url: '/api/v1/users/profile/update',
      token: user.token,
      payload: { email: 'nope' },
    });
    expect(invalid.statusCode).toBe(400);
    const taken = await t.request({
      method: 'PUT',
      url: '/api/v1/users/profile/update',
      token: user.token,
      payload: { email: t.admin.email },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('changes the password only with the correct current password', async () => {
    const user = await t.createUser('advanced');
    const wrong = await t.request({
      method: 'PUT',
      url: '/api/v1/users/profile/change-password',
      token: user.token,
      payload: { currentPassword: 'not-it', newPassword: 'another-pass' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const short = await t.request({
      method: 'PUT',
      url: '/api/v1/users/profile/change-password',
      token: user.token,
      payload: { currentPassword: user.password, newPassword: '123' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().validationErrors.newPassword).toBe('Password must be at least 6 characters');
    const ok = await t.request({
      method: 'PUT',
      url: '/api/v1/users/profile/change-password',
      token: user.token,
      payload: { currentPassword: user.password, newPassword: 'another-pass' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password changed successfully' });
    expect(await t.login(user.email, 'another-pass')).toEqual(expect.any(String));
    await expect(t.login(user.email, user.password)).rejects.toThrow(/login/);
  });
});

describe('token verification', () => {
  it('never accepts a token because another server (another secret) verified it', async () => {
    const other = await createTestApp({ jwtSecret: 'y'.repeat(40) });
    try {
      // The other server has checked its own admin's token (login + /me in createTestApp).
      const claims = await t.app.ctx.tokens.verify(other.admin.token);
      expect(claims).toBeNull();
      expect(await other.app.ctx.tokens.verify(other.admin.token)).toEqual({ sub: other.admin.id });
    } finally {
      await other.close();
    }
  });
});
