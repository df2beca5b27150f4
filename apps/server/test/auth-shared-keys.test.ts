import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.ts';
import { type Instances, startInstances } from './support/multi-instance.ts';
import { signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

const newJwk = async (): Promise<JWK> => {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }) };
};

const user = (t: TestApp, accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${accessToken}` } });
const refresh = (t: TestApp, refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token?grant_type=refresh_token',
    payload: { refresh_token: refreshToken },
  });

describe(`shared signing keys: two instances are one site (${databaseKind()})`, () => {
  let oldKey: JWK;
  let newKey: JWK;
  let site: Instances;
  let rotated: TestApp | undefined;
  beforeAll(async () => {
    [oldKey, newKey] = [await newJwk(), await newJwk()];
    site = await startInstances(2, { authSigningKeys: [oldKey] });
  });
  afterAll(async () => {
    await rotated?.close();
    await site?.close();
  });

  it('a session signed in through A is good on B, and B refreshes it', async () => {
    const [a, b] = site.apps as [TestApp, TestApp];
    const me = await signIn(a.app);
    expect((await user(b, me.accessToken)).statusCode).toBe(200);
    const res = await refresh(b, me.refreshToken);
    expect(res.statusCode).toBe(200);
    expect((await user(a, res.json().access_token)).statusCode).toBe(200);
  });

  it('a rotation (new key first, old kept) keeps the old tokens good and signs with the new key', async () => {
    const [a] = site.apps as [TestApp];
    const before = await signIn(a.app);
    // A third instance on the same database already has the new key first.
    const r = await createTestApp({ authSigningKeys: [newKey, oldKey] }, { database: a.database });
    rotated = r;
    expect((await user(r, before.accessToken)).statusCode).toBe(200);
    const after = await signIn(r.app);
    expect(JSON.parse(Buffer.from(after.accessToken.split('.')[0] ?? '', 'base64url').toString()).kid).toBe(
      newKey.kid,
    );
    // An instance not yet given the new key does not know its tokens.
    expect((await user(a, after.accessToken)).statusCode).toBe(401);
  });

  it('the keys cannot be rotated from inside one instance', async () => {
    await expect((site.apps[0] as TestApp).app.auth.keys.rotate()).rejects.toThrow(/AUTH_SIGNING_KEYS/);
  });
});

describe('AUTH_SIGNING_KEYS in the environment', () => {
  it('is read as a JWK set (or a bare array); empty means generated under DATA_DIR', async () => {
    const jwk = await newJwk();
    expect(loadConfig({ AUTH_SIGNING_KEYS: JSON.stringify({ keys: [jwk] }) }).authSigningKeys).toEqual([jwk]);
    expect(loadConfig({ AUTH_SIGNING_KEYS: JSON.stringify([jwk]) }).authSigningKeys).toEqual([jwk]);
    expect(loadConfig({}).authSigningKeys).toBeUndefined();
  });

  it('stops the boot with the variable named when it does not parse', async () => {
    const { d: _private, ...publicOnly } = await newJwk();
    for (const bad of [
      '{not json',
      '{"keys":[]}',
      JSON.stringify({ keys: [publicOnly] }),
      '{"keys":[{"kty":"RSA"}]}',
    ])
      expect(() => loadConfig({ AUTH_SIGNING_KEYS: bad })).toThrow(/AUTH_SIGNING_KEYS/);
  });
});
