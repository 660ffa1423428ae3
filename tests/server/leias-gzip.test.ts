import { gunzipSync } from 'node:zlib';
import { acceptsGzip } from '@server/http/gzip-body';
import type { LeiaListRow } from '@shared/schemas/leias';
import { createTestApp, type TestApp } from './helpers';
import { createLeia, createParts, uniqueName } from './resource-helpers';

/**
 * GET /api/v1/leias sends its pages gzipped to clients that take gzip (browsers all do), the same
 * JSON as the plain answer, and a page asked again is the same compressed bytes.
 */

let t: TestApp;
let word: string;
beforeAll(async () => {
  t = await createTestApp();
  const parts = await createParts(t, t.admin.token, { publish: true });
  word = uniqueName('gzipped').replace(/\W/g, '');
  for (const n of [1, 2, 3]) await createLeia(t, t.admin.token, parts, { name: `${word} ${n}` });
});
afterAll(async () => {
  await t?.close();
});

const list = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/leias?text=${word}&version=`,
    headers: {
      authorization: `Bearer ${t.admin.token}`,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

describe('the LEIA lists gzipped', () => {
  it('answers the same rows gzipped to a client that takes gzip, and plain to one that does not', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const rows = plain.json<LeiaListRow[]>();
    expect(rows.map((row) => row.metadata.name).sort()).toEqual([1, 2, 3].map((n) => `${word} ${n}`));

    const zipped = await list('gzip, deflate, br, zstd');
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.headers['x-total-count']).toBe('3');
    const body = gunzipSync(zipped.rawPayload);
    expect(body.length).toBeGreaterThan(zipped.rawPayload.length);
    expect(JSON.parse(body.toString('utf8'))).toEqual(rows);

    // Asked again: the same bytes (the page kept whole, compressed once).
    expect((await list('gzip')).rawPayload.equals(zipped.rawPayload)).toBe(true);
    expect((await list('gzip;q=0, deflate')).headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding as RFC 9110 says', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('deflate, gzip ; q=0')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0')).toBe(false);
  });
});
