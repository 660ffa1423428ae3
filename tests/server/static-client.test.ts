import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './helpers';

/** The built UI as the server serves it (http/static.ts), from a client folder made here. */
let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leia-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>LEIA</title>');
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ clientDir: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.request({ method, url });

describe('the built UI', () => {
  it('serves hashed assets for a year and other files never cached', async () => {
    const asset = await get('/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/app-1234.js', 'HEAD')).statusCode).toBe(200);
  });

  it('answers page paths with index.html, uncached', async () => {
    for (const path of ['/', '/login', '/chat/abc', '/administration/users', '/assets', '/assets/']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type'], path).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.body, path).toContain('<title>LEIA</title>');
    }
  });

  it('answers a missing file, an unknown API path and a path out of the folder with a JSON 404', async () => {
    for (const path of ['/assets/missing.js', '/api/v1/nothing', '/api/nothing/deeper', '/../package.json']) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json(), path).toEqual({ message: expect.stringContaining('No route for GET') });
    }
  });
});
