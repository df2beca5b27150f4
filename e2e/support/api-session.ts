import { BSC_CHAIN_ID, SIWE_STATEMENT } from '@mintcast/contracts';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';

export interface ApiSession {
  /** Canonical (lower-case) address of the signed-in wallet. */
  address: string;
  accessToken: string;
  /** Sends JSON to the site's API as this wallet; resolves with the response. */
  post(path: string, body: object): Promise<Response>;
}

/** The SIWE message the web client builds for `address`, with a fresh nonce from the site. */
export const siweMessage = async (appUrl: string, address: Hex): Promise<string> => {
  const { nonce } = (await (await fetch(`${appUrl}/api/auth/nonce`)).json()) as { nonce: string };
  const origin = new URL(appUrl);
  return createSiweMessage({
    address,
    chainId: BSC_CHAIN_ID,
    domain: origin.host,
    uri: origin.origin,
    nonce,
    version: '1',
    statement: SIWE_STATEMENT,
  });
};

/**
 * A wallet signed in from the test process through the real SIWE endpoints (nonce → message → signature by a
 * viem account → verify), for direct API calls beside what the browsers do. A fresh wallet unless `privateKey`.
 */
export const apiSignIn = async (
  appUrl: string,
  privateKey: Hex = generatePrivateKey(),
): Promise<ApiSession> => {
  const account = privateKeyToAccount(privateKey);
  const message = await siweMessage(appUrl, account.address);
  const verify = await fetch(`${appUrl}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  });
  if (verify.status !== 200) throw new Error(`sign-in failed: ${verify.status} ${await verify.text()}`);
  const { access_token: accessToken } = (await verify.json()) as { access_token: string };
  return {
    address: account.address.toLowerCase(),
    accessToken,
    post: (path, body) =>
      fetch(`${appUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify(body),
      }),
  };
};
