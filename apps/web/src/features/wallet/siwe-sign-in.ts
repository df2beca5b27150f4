import { BSC_CHAIN_ID, SIWE_STATEMENT } from '@mintcast/contracts';
import type { Address } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { signMessage } from 'wagmi/actions';
import { ApiError } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n/i18n.ts';
import { loadSessionManager } from '../../lib/session/session.ts';
import { isSession } from '../../lib/session/session-types.ts';
import { wagmiConfig } from './wagmi-config.ts';

/** How long the signed message stays valid (the nonce expires on the server in 5 minutes anyway). */
const MESSAGE_TTL_MS = 5 * 60_000;

const postJson = async (path: string, body?: unknown): Promise<unknown> => {
  const res = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  }).catch(() => {
    throw new ApiError(0, 'network', i18n.t('common.networkError'));
  });
  const json = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  if (!res.ok)
    throw new ApiError(
      res.status,
      json?.error?.code ?? 'http_error',
      json?.error?.message ?? i18n.t('common.httpError', { status: res.status }),
    );
  return json;
};

/**
 * Sign-In with Ethereum (EIP-4361): a server nonce, one personal_sign of a message bound to this origin and
 * to BSC (chain 56), then the server's verdict becomes the session.
 */
export const signInWithEthereum = async (address: Address): Promise<void> => {
  const { nonce } = (await postJson('/api/auth/nonce')) as { nonce: string };
  const issuedAt = new Date();
  const message = createSiweMessage({
    address,
    chainId: BSC_CHAIN_ID,
    domain: window.location.host,
    uri: window.location.origin,
    nonce,
    version: '1',
    statement: SIWE_STATEMENT,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + MESSAGE_TTL_MS),
  });
  const signature = await signMessage(wagmiConfig, { account: address, message });
  const session = await postJson('/api/auth/verify', { message, signature });
  if (!isSession(session)) throw new ApiError(500, 'bad_response', 'Unexpected sign-in response');
  (await loadSessionManager()).setSession(session);
};
