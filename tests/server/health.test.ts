import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reports status and database reachability without authentication', async () => {
  const res = await t.request({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
});

it('sends security headers', async () => {
  const res = await t.request({ method: 'GET', url: '/api/health' });
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
});

it('answers unknown API paths with a JSON 404', async () => {
  const res = await t.request({ method: 'GET', url: '/api/v1/nothing-here' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: 'No route for GET /api/v1/nothing-here' });
});

it('refuses bodies over the size limit with 413 and a message', async () => {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) },
  });
  expect(res.statusCode).toBe(413);
  expect(res.json()).toEqual({ message: 'Request body is too large' });
});

it('serves the OpenAPI description', async () => {
  const res = await t.request({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json().paths)).toContain('/api/v1/users/login');
});

it('answers 503 with database "down" when the database is unreachable', async () => {
  const broken = await createTestApp();
  try {
    broken.app.ctx.database.ping = async () => {
      throw new Error('connection refused');
    };
    const res = await broken.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
  } finally {
    await broken.close();
  }
});
