import { ZAuthSession, ZAuthUser, ZNonceResponse } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream } from './support/builders.ts';
import { signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe(`auth: sign-in and sessions (${databaseKind()})`, () => {
  it('issues single-use alphanumeric nonces that expire in minutes', async () => {
    const a = ZNonceResponse.parse((await t.app.inject({ method: 'GET', url: '/api/auth/nonce' })).json());
    const b = ZNonceResponse.parse((await t.app.inject({ method: 'GET', url: '/api/auth/nonce' })).json());
    expect(a.nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
    expect(a.nonce).not.toBe(b.nonce);
    const ttl = Date.parse(a.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it('signs in with a real signature and the session identifies the wallet', async () => {
    const me = await signIn(t.app);
    expect(me.address).toMatch(/^0x[0-9a-f]{40}$/);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(ZAuthUser.parse(res.json())).toEqual({ id: me.address, address: me.address });
  });

  it('acts as the session address on write endpoints', async () => {
    const me = await signIn(t.app);
    const other = await signIn(t.app);
    const stream = await createStream(t.database.db, { creator_address: me.address });
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${stream.mint}/live`,
      headers: other.headers,
      payload: { live: true },
    });
    expect(denied.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${stream.mint}/live`,
      headers: me.headers,
      payload: { live: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().is_currently_live).toBe(true);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in required' } });
  });

  it('returns the session shape of the spec', async () => {
    const me = await signIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=refresh_token',
      payload: { refresh_token: me.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    const s = ZAuthSession.parse(res.json());
    expect(s.token_type).toBe('bearer');
    expect(s.expires_in).toBe(900);
    expect(Math.abs(s.expires_at - (Date.now() / 1000 + 900))).toBeLessThan(5);
  });
});
