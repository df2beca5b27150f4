import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy, type TrustProxy } from '../src/env.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * X-Forwarded-For decides a client's address only when it comes from a configured proxy. With Fastify's
 * `trustProxy: true` a client rotating the header got a fresh per-address bucket on every request.
 */
const appWith = (trustProxy: TrustProxy) => createTestApp({ trustProxy }, { nonceLimitPerMinute: 3 });
// Built before the tests (a fresh database each), so a slow machine's setup does not count as test time.
let direct: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  direct = await appWith(false);
  behindProxy = await appWith(parseTrustProxy('127.0.0.1'));
});
afterAll(async () => {
  await direct?.close();
  await behindProxy?.close();
});
const nonce = (t: TestApp, from: string, forwardedFor: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/nonce',
    remoteAddress: from,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('client address behind proxies', () => {
  it('by default, a rotating X-Forwarded-For does not yield fresh buckets (nonces are limited per address)', async () => {
    const t = direct;
    const codes: number[] = [];
    for (let i = 1; i <= 5; i++) codes.push((await nonce(t, '127.0.0.1', `203.0.113.${i}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    const limited = await nonce(t, '127.0.0.1', '203.0.113.99');
    expect(limited.json().error.code).toBe('rate_limited');
    // Another connecting address has its own bucket.
    expect((await nonce(t, '127.0.0.2', '203.0.113.1')).statusCode).toBe(200);
  });

  it('with TRUST_PROXY naming the proxy, the header from that proxy names the client', async () => {
    const t = behindProxy;
    for (let i = 1; i <= 5; i++) expect((await nonce(t, '127.0.0.1', `203.0.113.${i}`)).statusCode).toBe(200);
    // The same client through the proxy is limited…
    for (let i = 0; i < 3; i++) await nonce(t, '127.0.0.1', '198.51.100.7');
    expect((await nonce(t, '127.0.0.1', '198.51.100.7')).statusCode).toBe(429);
    // …and a sender that is not the proxy cannot pick its address.
    const codes: number[] = [];
    for (let i = 1; i <= 4; i++) codes.push((await nonce(t, '127.0.0.9', `203.0.113.${i + 10}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('parses TRUST_PROXY: empty is off, digits are a hop count, anything else a list', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.2, 127.0.0.1/8')).toEqual(['10.0.0.2', '127.0.0.1/8']);
  });
});
