import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError, unauthorized } from '../http/errors.ts';
import { ACCESS_TOKEN_ALG, type KeyStore } from './keys.ts';

export interface AccessTokenOptions {
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

/** Sign a short-lived access token: `sub` is the canonical address, `sid` the session it belongs to. */
export const signAccessToken = async (
  keys: KeyStore,
  claims: { address: string; sessionId: string },
  opts: AccessTokenOptions,
): Promise<{ token: string; expiresAt: number }> => {
  const key = keys.signingKey();
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + opts.ttlSeconds;
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, kid: key.kid, typ: 'JWT' })
    .setSubject(claims.address)
    .setIssuer(opts.issuer)
    .setAudience(opts.audience)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(key.privateKey);
  return { token, expiresAt };
};

/** Map jose's failures to one clear 401 each, with the spec's wording where it has one. */
const toUnauthorized = (err: unknown): AppError => {
  if (err instanceof AppError) return err;
  if (err instanceof errors.JWSSignatureVerificationFailed) return unauthorized('Invalid JWT signature');
  if (err instanceof errors.JWTExpired) return unauthorized('JWT has expired');
  if (err instanceof errors.JWTClaimValidationFailed)
    return unauthorized(`Invalid JWT: unexpected "${err.claim}" claim`);
  if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported)
    return unauthorized('Invalid JWT algorithm');
  return unauthorized('Invalid JWT');
};

/** Verify signature (ES256 only, key by `kid`), issuer, audience and expiry; returns the subject claims. */
export const verifyAccessToken = async (
  keys: KeyStore,
  token: string,
  opts: Omit<AccessTokenOptions, 'ttlSeconds'>,
): Promise<{ address: string; sessionId: string }> => {
  try {
    const { payload } = await jwtVerify(token, (header) => keys.verifyingKey(header), {
      algorithms: [ACCESS_TOKEN_ALG],
      issuer: opts.issuer,
      audience: opts.audience,
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
    });
    const { sub, sid } = payload;
    if (typeof sub !== 'string' || !/^0x[0-9a-f]{40}$/.test(sub) || typeof sid !== 'string')
      throw unauthorized('Invalid JWT');
    return { address: sub, sessionId: sid };
  } catch (err) {
    throw toUnauthorized(err);
  }
};
