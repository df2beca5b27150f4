import type { JWK } from 'jose';
import { z } from 'zod';

/** A P-256 private key as a JWK (what `npm run auth:new-key` prints). */
const ZPrivateJwk = z.looseObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().min(1),
  y: z.string().min(1),
  d: z.string().min(1),
  kid: z.string().min(1).optional(),
});

const SHAPE =
  'expected a JWK set {"keys":[…]} of P-256 private keys (kty EC, crv P-256, x, y, d); the first one signs';

/**
 * AUTH_SIGNING_KEYS: the access-token signing keys every instance of the site shares, as a JWK set. Empty
 * means "generate one under DATA_DIR" (a single machine). To rotate, put a new key first and keep the old
 * ones until their tokens have expired (15 min): the first signs, all verify and are published in the JWKS.
 */
export const ZAuthSigningKeys = z
  .string()
  .default('')
  .transform((text, ctx): JWK[] | undefined => {
    if (!text.trim()) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: `not JSON: ${SHAPE}` });
      return z.NEVER;
    }
    const list = Array.isArray(json) ? json : (json as { keys?: unknown } | null)?.keys;
    const parsed = z.array(ZPrivateJwk).min(1).safeParse(list);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: SHAPE });
      return z.NEVER;
    }
    return parsed.data as JWK[];
  });
