import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SECURITY_HEADER_OPTIONS } from '@server/http/security-headers';
import helmet from 'helmet';
import { createTestApp, type TestApp } from './helpers';

/**
 * The security headers are Helmet's, worked out once at start (http/security-headers.ts): every
 * response carries exactly what Helmet itself sets on a real response with the same options.
 */

let t: TestApp;
let reference: Server;
let helmetHeaders: Record<string, string>;

/** Headers every HTTP response has whatever Helmet does. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

beforeAll(async () => {
  t = await createTestApp();
  const middleware = helmet(SECURITY_HEADER_OPTIONS);
  reference = createServer((req, res) => middleware(req, res, () => res.end()));
  await new Promise<void>((resolve) => reference.listen(0, '127.0.0.1', resolve));
  const response = await fetch(`http://127.0.0.1:${(reference.address() as AddressInfo).port}/`);
  helmetHeaders = Object.fromEntries([...response.headers].filter(([name]) => !TRANSPORT.has(name)));
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => reference?.close(resolve));
});

it('Helmet sets a dozen headers with our options, the content security policy among them', () => {
  expect(Object.keys(helmetHeaders).length).toBeGreaterThanOrEqual(10);
  expect(helmetHeaders['content-security-policy']).toContain("default-src 'self'");
  expect(helmetHeaders['content-security-policy']).not.toContain('upgrade-insecure-requests');
});

it.each([
  ['a route', '/api/health', 200],
  ['an unknown API path', '/api/v1/nothing-here', 404],
  ['a refused request', '/api/v1/users/me', 401],
])('%s carries exactly the headers Helmet sets', async (_what, url, status) => {
  const response = await t.request({ method: 'GET', url });
  expect(response.statusCode).toBe(status);
  for (const [name, value] of Object.entries(helmetHeaders)) expect(response.headers[name]).toBe(value);
  expect(response.headers['x-powered-by']).toBeUndefined();
});
