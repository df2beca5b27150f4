import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  canonicalAddress,
  SIWE_NONCE_TTL_MS,
  type TAuthSession,
  type TAuthUser,
  type TSignOutScope,
} from '@mintcast/contracts';
import type { Hex } from 'viem';
import { unauthorized } from '../http/errors.ts';
import type { AuthRepository } from './auth.repository.ts';
import { signAccessToken, verifyAccessToken } from './jwt.ts';
import type { KeyStore } from './keys.ts';
import type { RequestSession } from './session.ts';
import { checkSiwe } from './siwe.ts';

/** Access tokens are short-lived: a revoked session stops working within this time even offline. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A session (refresh-token family) lives this long after its last refresh. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
/** `aud` of our access tokens. */
export const ACCESS_TOKEN_AUDIENCE = 'mintcast';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 17 random alphanumerics (~100 bits); rejection sampling keeps every character equally likely. */
const newNonce = (length = 17): string => {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALPHANUMERIC[b % 62];
    }
  }
  return out;
};

const newRefreshToken = (): string => randomBytes(32).toString('base64url');
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface AuthServiceOptions {
  publicOrigin: string;
  allowedOrigins: string[];
}

/** Sign-in rules: SIWE verification, session issue, refresh rotation with reuse detection, sign-out scopes. */
export const createAuthService = (repo: AuthRepository, keys: KeyStore, opts: AuthServiceOptions) => {
  const issuer = `${opts.publicOrigin}/api/auth`;
  const jwtOpts = { issuer, audience: ACCESS_TOKEN_AUDIENCE, ttlSeconds: ACCESS_TOKEN_TTL_SECONDS };
  const user = (address: string): TAuthUser => ({ id: address, address });

  const issue = async (address: string, sessionId: string, refreshToken: string): Promise<TAuthSession> => {
    const { token, expiresAt } = await signAccessToken(keys, { address, sessionId }, jwtOpts);
    return {
      access_token: token,
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: expiresAt,
      token_type: 'bearer',
      user: user(address),
    };
  };

  return {
    keys,
    issuer,

    async issueNonce(): Promise<{ nonce: string; expires_at: string }> {
      await repo.pruneNonces();
      const nonce = newNonce();
      const expiresAt = new Date(Date.now() + SIWE_NONCE_TTL_MS);
      await repo.insertNonce(nonce, expiresAt);
      return { nonce, expires_at: expiresAt.toISOString() };
    },

    /** Verify a signed SIWE message and open a session for its address. */
    async verifySiwe(message: string, signature: Hex): Promise<TAuthSession> {
      const siwe = await checkSiwe(message, signature, { allowedOrigins: opts.allowedOrigins });
      // The nonce is consumed only after the signature checked out, so nobody can burn someone else's nonce.
      const state = await repo.consumeNonce(siwe.nonce);
      if (state === 'unknown') throw unauthorized('Invalid SIWE message: unknown nonce');
      if (state === 'used') throw unauthorized('Invalid SIWE message: nonce has already been used');
      if (state === 'expired') throw unauthorized('Invalid SIWE message: nonce has expired');
      const address = canonicalAddress(siwe.address);
      const sessionId = randomUUID();
      const refreshToken = newRefreshToken();
      await repo.insertSession({
        id: sessionId,
        address,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
        tokenHash: hashToken(refreshToken),
      });
      return issue(address, sessionId, refreshToken);
    },

    /** Exchange a refresh token for a new pair; a token presented twice revokes its whole session. */
    async refresh(refreshToken: string): Promise<TAuthSession> {
      const oldHash = hashToken(refreshToken);
      const row = await repo.findRefreshToken(oldHash);
      if (!row) throw unauthorized('Invalid refresh token');
      if (row.revoked_at) throw unauthorized('Session has been signed out');
      if (row.expired) throw unauthorized('Session has expired');
      const reuse = async () => {
        await repo.revokeSessions({ only: row.session_id }, 'refresh_token_reuse');
        return unauthorized('Refresh token already used; the session has been revoked');
      };
      if (row.used_at) throw await reuse();
      const next = newRefreshToken();
      const rotated = await repo.rotateRefreshToken(
        row.session_id,
        oldHash,
        hashToken(next),
        new Date(Date.now() + SESSION_TTL_MS),
      );
      if (!rotated) throw await reuse();
      return issue(row.address, row.session_id, next);
    },

    /** Who a bearer token belongs to: a valid JWT of a session that is still open. */
    async authenticate(accessToken: string): Promise<RequestSession> {
      const claims = await verifyAccessToken(keys, accessToken, jwtOpts);
      const session = await repo.findActiveSession(claims.sessionId);
      if (!session || session.address !== claims.address) throw unauthorized('Session has been signed out');
      return { address: claims.address, sessionId: claims.sessionId };
    },

    user,

    /** global: every session of the address; local: this one; others: all but this one. */
    async signOut(session: RequestSession, scope: TSignOutScope): Promise<void> {
      if (scope === 'local') await repo.revokeSessions({ only: session.sessionId }, 'sign_out');
      else if (scope === 'others')
        await repo.revokeSessions({ address: session.address, except: session.sessionId }, 'sign_out_others');
      else await repo.revokeSessions({ address: session.address }, 'sign_out_global');
    },
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
