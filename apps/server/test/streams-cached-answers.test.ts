import { brotliDecompressSync } from 'node:zlib';
import { ZStreamPage } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../src/http/content-encoding.ts';
import { staticHelmetHeaders } from '../src/http/security-headers.ts';
import { CachedBody } from '../src/streams/response-cache.ts';
import { createStream } from './support/builders.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

/**
 * Issue 36: a cached list is answered from stored bytes (serialised, hashed and compressed once per cache
 * fill), and the security headers are computed once, not per request.
 */
describe('cached answers: stored bytes per encoding', () => {
  it('compresses a body once per encoding, and gives each encoding its own ETag', () => {
    const cached = new CachedBody(JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ i })) }));
    const br = cached.encoded('br');
    expect(cached.encoded('br')).toBe(br);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString())).toEqual(JSON.parse(cached.body));
    const gzip = cached.encoded('gzip');
    expect(new Set([cached.etag, br.etag, gzip.etag]).size).toBe(3);
  });

  it('picks brotli, else gzip, else nothing, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it("records helmet's headers once, X-Powered-By removal included", () => {
    const headers = new Map(
      staticHelmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } }),
    );
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.has('x-powered-by')).toBe(false);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 8; i++) await createStream(t.database.db);
});
afterAll(() => t?.close());

describe(`GET /api/streams from the cache (${databaseKind()})`, () => {
  const url = '/api/streams?limit=8';

  it('answers a brotli client with the same stored bytes each time, and a 304 for their ETag', async () => {
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await t.app.inject({ method: 'GET', url, headers });
    const second = await t.app.inject({ method: 'GET', url, headers });
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(
      ZStreamPage.parse(JSON.parse(brotliDecompressSync(first.rawPayload).toString())).items,
    ).toHaveLength(8);
    const etag = String(first.headers.etag);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers.etag).not.toBe(etag);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const again = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // The plain body's ETag does not validate the brotli one (different bytes).
    const stale = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'if-none-match': String(plain.headers.etag) },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('answers a repeated poll from the cache: no statement, the same bytes, its length', async () => {
    const first = await t.app.inject({ method: 'GET', url });
    const statements: string[] = [];
    const count = (q: { operation: string }) => statements.push(q.operation);
    t.database.queryObservers.add(count);
    try {
      const second = await t.app.inject({ method: 'GET', url });
      expect(statements).toEqual([]);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(Number(second.headers['content-length'])).toBe(second.rawPayload.length);
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(ZStreamPage.parse(second.json()).items).toHaveLength(8);
    } finally {
      t.database.queryObservers.delete(count);
    }
  });

  it('keeps the security headers, the request id and the rate-limit headers on cached answers', async () => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
  });
});
