import { z } from 'zod';
import { ZAddress } from './address.ts';
import { format } from './text.ts';

/** The statement our SIWE messages carry (EIP-4361 `statement`), shown by the wallet when signing. */
export const SIWE_STATEMENT = 'Sign in to Mintcast with your wallet.';
/** Upper bounds on a SIWE message and its fields; anything longer is rejected before parsing. */
export const SIWE_LIMITS = {
  message: 2048,
  statement: 280,
  uri: 512,
  domain: 253,
  nonce: 64,
  requestId: 128,
  resources: 10,
  resource: 512,
} as const;
/** Lifetime of a nonce issued by `GET /api/auth/nonce`. */
export const SIWE_NONCE_TTL_MS = 5 * 60_000;

export const ZNonceResponse = z.object({ nonce: z.string(), expires_at: z.string() });
export type TNonceResponse = z.infer<typeof ZNonceResponse>;

/** An EOA signature (65 bytes, hex). */
export const ZSignature = format('signature', z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'Invalid signature'));

export const ZSiweVerifyBody = z.object({
  // Generous here so an oversized message gets the same clear 401 as every other SIWE failure. A format, not
  // text: the signature covers these exact bytes (normalising would break it), and the SIWE parser refuses
  // control characters and anything else outside EIP-4361 with a 401.
  message: format(
    'siwe-message',
    z
      .string()
      .min(1)
      .max(16 * 1024),
  ),
  signature: ZSignature,
});
export type TSiweVerifyBody = z.infer<typeof ZSiweVerifyBody>;

export const ZAuthUser = z.object({ id: z.string(), address: ZAddress });
export type TAuthUser = z.infer<typeof ZAuthUser>;

/** A session as `POST /api/auth/verify` and `POST /api/auth/token` return it (and the client stores it). */
export const ZAuthSession = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  /** Seconds the access token stays valid. */
  expires_in: z.number().int().positive(),
  /** Unix time (seconds) the access token expires. */
  expires_at: z.number().int().positive(),
  token_type: z.literal('bearer'),
  user: ZAuthUser,
});
export type TAuthSession = z.infer<typeof ZAuthSession>;

// An opaque token: only its SHA-256 reaches the database, and an unknown one is a 401.
export const ZRefreshBody = z.object({ refresh_token: format('opaque-token', z.string().min(1).max(256)) });
export const ZRefreshQuery = z.object({ grant_type: z.literal('refresh_token') });

export const ZSignOutScope = z.enum(['global', 'local', 'others']);
export type TSignOutScope = z.infer<typeof ZSignOutScope>;
export const ZLogoutQuery = z.object({ scope: ZSignOutScope.default('global') });

/** Decoded claims of our access JWT. */
export const ZAccessClaims = z.object({
  sub: ZAddress,
  sid: z.string().uuid(),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  iat: z.number(),
});
export type TAccessClaims = z.infer<typeof ZAccessClaims>;
