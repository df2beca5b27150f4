import { ZAuthSession } from '@mintcast/contracts';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const refresh = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token?grant_type=refresh_token',
    payload: { refresh_token: refreshToken },
  });
const user = (s: Pick<SignedIn, 'accessToken'>) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: { authorization: `Bearer ${s.accessToken}` },
  });
const logout = (s: SignedIn, scope?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/logout${scope ? `?scope=${scope}` : ''}`,
    headers: s.headers,
  });

/** Two sessions of the same wallet (two devices) and one of another wallet. */
const devices = async () => {
  const key = generatePrivateKey();
  return {
    a: await signIn(t.app, { privateKey: key }),
    b: await signIn(t.app, { privateKey: key }),
    stranger: await signIn(t.app),
  };
};

describe(`refresh tokens (${databaseKind()})`, () => {
  it('rotate on use: a new pair each time, the session stays the same wallet', async () => {
    const me = await signIn(t.app);
    const res = await refresh(me.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = ZAuthSession.parse(res.json());
    expect(next.refresh_token).not.toBe(me.refreshToken);
    expect(next.user.address).toBe(me.address);
    expect((await user({ accessToken: next.access_token })).statusCode).toBe(200);
    const third = await refresh(next.refresh_token);
    expect(third.statusCode).toBe(200);
  });

  it('are stored hashed, never in clear', async () => {
    const me = await signIn(t.app);
    const rows = await t.database.db.selectFrom('auth_refresh_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === me.refreshToken)).toBe(false);
  });

  it('reuse of a used token revokes the whole family', async () => {
    const me = await signIn(t.app);
    const next = ZAuthSession.parse((await refresh(me.refreshToken)).json());
    const reuse = await refresh(me.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.message).toBe('Refresh token already used; the session has been revoked');
    // The thief's and the owner's newest tokens are both dead now.
    const successor = await refresh(next.refresh_token);
    expect(successor.statusCode).toBe(401);
    expect(successor.json().error.message).toBe('Session has been signed out');
    expect((await user({ accessToken: next.access_token })).statusCode).toBe(401);
  });

  it('rejects unknown tokens and a wrong grant type', async () => {
    const unknown = await refresh('definitely-not-issued');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe('Invalid refresh token');
    const me = await signIn(t.app);
    const wrongGrant = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { refresh_token: me.refreshToken },
    });
    expect(wrongGrant.statusCode).toBe(400);
  });
});

describe(`sign-out scopes (${databaseKind()})`, () => {
  it('local signs out only this session', async () => {
    const { a, b, stranger } = await devices();
    expect((await logout(a, 'local')).statusCode).toBe(204);
    expect((await user(a)).statusCode).toBe(401);
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    expect((await user(b)).statusCode).toBe(200);
    expect((await user(stranger)).statusCode).toBe(200);
  });

  it('others keeps this session and signs out the rest of this wallet', async () => {
    const { a, b, stranger } = await devices();
    expect((await logout(a, 'others')).statusCode).toBe(204);
    expect((await user(a)).statusCode).toBe(200);
    expect((await refresh(a.refreshToken)).statusCode).toBe(200);
    expect((await user(b)).statusCode).toBe(401);
    expect((await refresh(b.refreshToken)).statusCode).toBe(401);
    expect((await user(stranger)).statusCode).toBe(200);
  });

  it('global (the default) signs out every session of this wallet, nobody else', async () => {
    const { a, b, stranger } = await devices();
    expect((await logout(a)).statusCode).toBe(204);
    expect((await user(a)).statusCode).toBe(401);
    expect((await user(b)).statusCode).toBe(401);
    expect((await refresh(b.refreshToken)).statusCode).toBe(401);
    expect((await user(stranger)).statusCode).toBe(200);
  });

  it('needs a session and a known scope', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/auth/logout?scope=local' });
    expect(anon.statusCode).toBe(401);
    const me = await signIn(t.app);
    expect((await logout(me, 'everyone')).statusCode).toBe(400);
  });
});
