import { ZAuthSession } from '@mintcast/contracts';
import type { Hex } from 'viem';
import type { SiweMessage } from 'viem/siwe';
import type { App } from '../../src/app.ts';
import { fetchNonce, type SiteCall, siweMessage, siweSignIn } from './siwe.ts';

export interface SignedIn {
  /** Canonical (lower-case) address of the signed-in wallet. */
  address: string;
  accessToken: string;
  refreshToken: string;
  /** Spread into `app.inject({ headers })`. */
  headers: { authorization: string };
}

/** `app.inject` as the shared sign-in's way to call the site. */
const injectCall =
  (app: App): SiteCall =>
  async (method, url, payload) => {
    const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };

/** Ask the app for a nonce and build the SIWE message our web client would build (fields overridable). */
export const buildSiweMessage = async (
  app: App,
  address: Hex,
  overrides: Partial<SiweMessage> = {},
): Promise<string> =>
  siweMessage(address, await fetchNonce(injectCall(app)), app.ctx.config.publicOrigin, overrides);

/** Sign in through the real flow (support/siwe.ts). A fresh random wallet unless `privateKey` is given. */
export const signIn = async (app: App, opts: { privateKey?: Hex } = {}): Promise<SignedIn> => {
  const session = ZAuthSession.parse(
    await siweSignIn(injectCall(app), app.ctx.config.publicOrigin, opts.privateKey),
  );
  return {
    address: session.user.address,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    headers: { authorization: `Bearer ${session.access_token}` },
  };
};
