import { BSC_CHAIN_ID, SIWE_STATEMENT, ZAuthSession, ZNonceResponse } from '@mintcast/contracts';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, type SiweMessage } from 'viem/siwe';
import type { App } from '../../src/app.ts';

export interface SignedIn {
  /** Canonical (lower-case) address of the signed-in wallet. */
  address: string;
  accessToken: string;
  refreshToken: string;
  /** Spread into `app.inject({ headers })`. */
  headers: { authorization: string };
}

/** Ask the app for a nonce and build the SIWE message our web client would build (fields overridable). */
export const buildSiweMessage = async (
  app: App,
  address: Hex,
  overrides: Partial<SiweMessage> = {},
): Promise<string> => {
  const res = await app.inject({ method: 'GET', url: '/api/auth/nonce' });
  if (res.statusCode !== 200) throw new Error(`nonce failed: ${res.statusCode} ${res.body}`);
  const { nonce } = ZNonceResponse.parse(res.json());
  const origin = new URL(app.ctx.config.publicOrigin);
  return createSiweMessage({
    address,
    chainId: BSC_CHAIN_ID,
    domain: origin.host,
    uri: origin.origin,
    nonce,
    version: '1',
    statement: SIWE_STATEMENT,
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 5 * 60_000),
    ...overrides,
  });
};

/**
 * Sign in through the real flow: nonce → SIWE message → signature by a viem private-key account →
 * `POST /api/auth/verify`. A fresh random wallet unless `privateKey` is given.
 */
export const signIn = async (app: App, opts: { privateKey?: Hex } = {}): Promise<SignedIn> => {
  const account = privateKeyToAccount(opts.privateKey ?? generatePrivateKey());
  const message = await buildSiweMessage(app, account.address);
  const signature = await account.signMessage({ message });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    payload: { message, signature },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const session = ZAuthSession.parse(res.json());
  return {
    address: session.user.address,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    headers: { authorization: `Bearer ${session.access_token}` },
  };
};
