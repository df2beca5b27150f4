import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CryptoKey, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_AUDIENCE } from '../src/auth/auth.service.ts';
import { signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const userWith = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });

const expect401 = async (token: string, message: string) => {
  const res = await userWith(token);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ error: { code: 'unauthorized', message } });
};

/** A token with our claims for a real session, signed with `key` under header `kid`. */
const forge = async (
  claims: { sub: string; sid: string },
  opts: { key?: CryptoKey; kid?: string; iss?: string; aud?: string; exp?: number } = {},
) => {
  const active = t.app.auth.keys.signingKey();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'ES256', kid: opts.kid ?? active.kid })
    .setSubject(claims.sub)
    .setIssuer(opts.iss ?? t.app.auth.issuer)
    .setAudience(opts.aud ?? ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(now - 10)
    .setExpirationTime(opts.exp ?? now + 600)
    .sign(opts.key ?? active.privateKey);
};

const sessionOf = async () => {
  const me = await signIn(t.app);
  const [, payload] = me.accessToken.split('.');
  const { sid } = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
  return { me, claims: { sub: me.address, sid: sid as string } };
};

describe(`access JWT (${databaseKind()})`, () => {
  it('is ES256 with a kid that the JWKS publishes', async () => {
    const { me } = await sessionOf();
    const header = JSON.parse(Buffer.from(me.accessToken.split('.')[0] ?? '', 'base64url').toString());
    expect(header.alg).toBe('ES256');
    const jwks = (await t.app.inject({ method: 'GET', url: '/api/auth/.well-known/jwks.json' })).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(header.kid);
    expect(jwks.keys[0]).not.toHaveProperty('d'); // never the private part
    const forged = await forge((await sessionOf()).claims);
    expect((await userWith(forged)).statusCode).toBe(200); // control: our forge helper makes valid tokens
  });

  it('rejects a token signed by another key under our kid', async () => {
    const { claims } = await sessionOf();
    const { privateKey } = await generateKeyPair('ES256');
    await expect401(await forge(claims, { key: privateKey }), 'Invalid JWT signature');
  });

  it('rejects an unknown kid', async () => {
    const { claims } = await sessionOf();
    const { privateKey } = await generateKeyPair('ES256');
    await expect401(
      await forge(claims, { key: privateKey, kid: 'not-a-known-kid' }),
      'No matching signing key found in JWKS',
    );
  });

  it('rejects an expired token', async () => {
    const { claims } = await sessionOf();
    await expect401(await forge(claims, { exp: Math.floor(Date.now() / 1000) - 5 }), 'JWT has expired');
  });

  it('rejects a wrong issuer and a wrong audience', async () => {
    const { claims } = await sessionOf();
    await expect401(
      await forge(claims, { iss: 'https://evil.example' }),
      'Invalid JWT: unexpected "iss" claim',
    );
    await expect401(await forge(claims, { aud: 'someone-else' }), 'Invalid JWT: unexpected "aud" claim');
  });

  it('rejects alg none', async () => {
    const { claims } = await sessionOf();
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT', kid: t.app.auth.keys.signingKey().kid })}.${b64({
      ...claims,
      iss: t.app.auth.issuer,
      aud: ACCESS_TOKEN_AUDIENCE,
      iat: now,
      exp: now + 600,
    })}.`;
    const res = await userWith(unsigned);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toMatch(/^Invalid JWT/);
  });

  it('rejects a malformed Authorization header and garbage tokens', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: 'Basic abc' },
    });
    expect(res.statusCode).toBe(401);
    await expect401('not.a.jwt', 'Invalid JWT');
  });

  it('keeps verifying tokens signed before a key rotation, and signs new ones with the new key', async () => {
    const before = await signIn(t.app);
    const oldKid = t.app.auth.keys.signingKey().kid;
    const newKid = await t.app.auth.keys.rotate();
    expect(newKid).not.toBe(oldKid);
    const jwks = (await t.app.inject({ method: 'GET', url: '/api/auth/.well-known/jwks.json' })).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toEqual([newKid, oldKid]);
    expect((await userWith(before.accessToken)).statusCode).toBe(200);
    const after = await signIn(t.app);
    const header = JSON.parse(Buffer.from(after.accessToken.split('.')[0] ?? '', 'base64url').toString());
    expect(header.kid).toBe(newKid);
  });
});

describe('signing keys on disk', () => {
  it('are generated once into DATA_DIR with mode 0600 and reused on the next start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mintcast-keys-'));
    try {
      const first = await createTestApp({ dataDir }, { database: t.database });
      const jwks1 = first.app.auth.keys.jwks();
      await first.close();
      const file = path.join(dataDir, 'auth-keys.json');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(file, 'utf8')).keys).toHaveLength(1);
      const second = await createTestApp({ dataDir }, { database: t.database });
      expect(second.app.auth.keys.jwks()).toEqual(jwks1);
      await second.close();
      // An in-memory app (dataDir '') has its own key: tokens from it do not verify here.
      expect(t.app.auth.keys.jwks()).not.toEqual(jwks1);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
