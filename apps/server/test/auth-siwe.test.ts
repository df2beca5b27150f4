import { SIWE_STATEMENT, ZAuthSession } from '@mintcast/contracts';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiweMessage } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const account = () => privateKeyToAccount(generatePrivateKey());
const verify = (message: string, signature: Hex) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { message, signature } });

/** Sign `message` with `signer` and expect a 401 whose message contains `why`. */
const expectRejected = async (message: string, signer: ReturnType<typeof account>, why: string) => {
  const res = await verify(message, await signer.signMessage({ message }));
  expect(res.statusCode).toBe(401);
  expect(res.json().error.code).toBe('unauthorized');
  expect(res.json().error.message).toContain(why);
};

describe(`SIWE verification (${databaseKind()})`, () => {
  it('accepts a well-formed message signed by its address', async () => {
    const a = account();
    const message = await buildSiweMessage(t.app, a.address);
    const res = await verify(message, await a.signMessage({ message }));
    expect(res.statusCode).toBe(200);
    expect(ZAuthSession.parse(res.json()).user.address).toBe(a.address.toLowerCase());
  });

  it('rejects a wrong domain', async () => {
    const a = account();
    await expectRejected(await buildSiweMessage(t.app, a.address, { domain: 'evil.example' }), a, 'domain');
  });

  it('rejects a wrong uri', async () => {
    const a = account();
    const message = await buildSiweMessage(t.app, a.address, { uri: 'https://evil.example/login' });
    await expectRejected(message, a, 'uri does not match');
  });

  it('rejects a chain id other than BSC (56)', async () => {
    const a = account();
    await expectRejected(await buildSiweMessage(t.app, a.address, { chainId: 1 }), a, 'chain id must be 56');
  });

  it('rejects a reused nonce', async () => {
    const a = account();
    const message = await buildSiweMessage(t.app, a.address);
    const signature = await a.signMessage({ message });
    expect((await verify(message, signature)).statusCode).toBe(200);
    const again = await verify(message, signature);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toContain('nonce has already been used');
  });

  it('rejects a nonce the server never issued', async () => {
    const a = account();
    const message = await buildSiweMessage(t.app, a.address, { nonce: 'NeverIssued12345' });
    await expectRejected(message, a, 'unknown nonce');
  });

  it('rejects a nonce that expired on the server', async () => {
    const a = account();
    const message = await buildSiweMessage(t.app, a.address);
    const nonce = /Nonce: (\w+)/.exec(message)?.[1] ?? '';
    await t.database.db
      .updateTable('auth_nonces')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('nonce', '=', nonce)
      .execute();
    await expectRejected(message, a, 'nonce has expired');
  });

  it('rejects an expired message', async () => {
    const a = account();
    const message = await buildSiweMessage(t.app, a.address, {
      issuedAt: new Date(Date.now() - 120_000),
      expirationTime: new Date(Date.now() - 60_000),
    });
    await expectRejected(message, a, 'message has expired');
  });

  it('rejects a message that is not yet valid', async () => {
    const a = account();
    const message = await buildSiweMessage(t.app, a.address, { notBefore: new Date(Date.now() + 60_000) });
    await expectRejected(message, a, 'not yet valid');
  });

  it('rejects a message issued in the future or too long ago', async () => {
    const a = account();
    const future = await buildSiweMessage(t.app, a.address, { issuedAt: new Date(Date.now() + 3_600_000) });
    await expectRejected(future, a, 'issued in the future');
    const old = await buildSiweMessage(t.app, a.address, {
      issuedAt: new Date(Date.now() - 3_600_000),
      expirationTime: undefined,
    });
    await expectRejected(old, a, 'issued too long ago');
  });

  it('rejects a signature by another key', async () => {
    const a = account();
    await expectRejected(await buildSiweMessage(t.app, a.address), account(), 'signature does not match');
  });

  it('rejects malformed messages (not EIP-4361, or not exactly its grammar)', async () => {
    const a = account();
    await expectRejected('hello, sign me in', a, 'malformed message');
    const good = await buildSiweMessage(t.app, a.address);
    await expectRejected(`${good}\nExtra: field`, a, 'malformed message');
    await expectRejected(good.replace('Version: 1', 'Version: 2'), a, 'malformed message');
    await expectRejected(good.replace(a.address, a.address.toLowerCase()), a, 'malformed message');
    await expectRejected(`prefix ${good}`, a, 'malformed message');
  });

  it('rejects oversized fields and messages', async () => {
    const a = account();
    const longStatement = await buildSiweMessage(t.app, a.address, { statement: 'x'.repeat(300) });
    await expectRejected(longStatement, a, 'statement is too long');
    const manyResources = await buildSiweMessage(t.app, a.address, {
      resources: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}`),
    });
    await expectRejected(manyResources, a, 'resources');
    const longUri = await buildSiweMessage(t.app, a.address, {
      uri: `http://localhost:3000/${'a'.repeat(600)}`,
    });
    await expectRejected(longUri, a, 'uri is too long');
    const huge = await buildSiweMessage(t.app, a.address, { requestId: 'r'.repeat(3000) });
    await expectRejected(huge, a, 'message is too long');
  });

  it('refuses control characters in every field (NUL in the statement, escapes in request id and resources)', async () => {
    const a = account();
    const good = await buildSiweMessage(t.app, a.address, {
      requestId: 'req-1',
      resources: ['https://example.com/r'],
    });
    const bad = [
      good.replace(SIWE_STATEMENT, 'Sign in\u0000 to Mintcast'),
      good.replace('Request ID: req-1', 'Request ID: req\u001b[2J-1'),
      good.replace('- https://example.com/r', '- https://example.com/r\u0007'),
      good.replace('\nURI:', '\r\nURI:'),
    ];
    for (const message of bad) {
      expect(message).not.toBe(good);
      await expectRejected(message, a, 'control characters are not allowed');
    }
    // The same message without them still signs in (the nonce was not spent by the refusals).
    expect((await verify(good, await a.signMessage({ message: good }))).statusCode).toBe(200);
  });

  it('rejects a signature that is not 65 bytes of hex with a 400', async () => {
    const a = account();
    const res = await verify(await buildSiweMessage(t.app, a.address), '0x1234' as Hex);
    expect(res.statusCode).toBe(400);
  });
});
