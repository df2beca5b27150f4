import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { type SiteCall, siweSignIn } from '../../apps/server/test/support/siwe.ts';

export interface ApiSession {
  /** Canonical (lower-case) address of the signed-in wallet. */
  address: string;
  accessToken: string;
  /** Sends JSON to the site's API as this wallet; resolves with the response. */
  post(path: string, body: object): Promise<Response>;
  put(path: string, body: object): Promise<Response>;
}

/**
 * A wallet signed in from the test process through the real SIWE endpoints (nonce → message → signature by a
 * viem account → verify), for direct API calls beside what the browsers do. A fresh wallet unless `privateKey`.
 */
export const apiSignIn = async (
  appUrl: string,
  privateKey: Hex = generatePrivateKey(),
): Promise<ApiSession> => {
  const call: SiteCall = async (method, path, body) => {
    const res = await fetch(`${appUrl}${path}`, {
      method,
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: await res.json() };
  };
  const session = (await siweSignIn(call, appUrl, privateKey)) as {
    access_token: string;
    user: { address: string };
  };
  const accessToken = session.access_token;
  const send = (method: 'POST' | 'PUT') => (path: string, body: object) =>
    fetch(`${appUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(body),
    });
  return { address: session.user.address, accessToken, post: send('POST'), put: send('PUT') };
};
