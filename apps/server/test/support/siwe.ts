import { BSC_CHAIN_ID, SIWE_STATEMENT } from '@mintcast/contracts';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, type SiweMessage } from 'viem/siwe';

/**
 * The sign-in of server tests and e2e alike (e2e imports this file): the SIWE message as the web client builds
 * it (apps/web/src/features/wallet/siwe-sign-in.ts) and the nonce → sign → verify flow.
 */

/** One call to the site's API: `app.inject` in server tests, `fetch` in e2e. */
export type SiteCall = (
  method: 'GET' | 'POST',
  path: string,
  body?: object,
) => Promise<{ status: number; body: unknown }>;

/** The SIWE message the web client builds for `address` on `origin` with the site's `nonce` (fields overridable). */
export const siweMessage = (
  address: Hex,
  nonce: string,
  origin: string,
  overrides: Partial<SiweMessage> = {},
): string => {
  const site = new URL(origin);
  const issuedAt = new Date();
  return createSiweMessage({
    address,
    chainId: BSC_CHAIN_ID,
    domain: site.host,
    uri: site.origin,
    nonce,
    version: '1',
    statement: SIWE_STATEMENT,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + 5 * 60_000),
    ...overrides,
  });
};

/** A fresh nonce from the site. */
export const fetchNonce = async (call: SiteCall): Promise<string> => {
  const res = await call('GET', '/api/auth/nonce');
  if (res.status !== 200) throw new Error(`nonce failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { nonce: string }).nonce;
};

/**
 * Signs a wallet in through the site's real endpoints: nonce → SIWE message → signature by a viem private-key
 * account → `POST /api/auth/verify`. A fresh random wallet unless `privateKey` is given. Resolves with
 * verify's answer (the session).
 */
export const siweSignIn = async (
  call: SiteCall,
  origin: string,
  privateKey: Hex = generatePrivateKey(),
): Promise<unknown> => {
  const account = privateKeyToAccount(privateKey);
  const message = siweMessage(account.address, await fetchNonce(call), origin);
  const res = await call('POST', '/api/auth/verify', {
    message,
    signature: await account.signMessage({ message }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
