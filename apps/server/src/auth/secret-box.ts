import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * A 32-byte AES key for one purpose, derived (HKDF-SHA256) from a server secret the instances already share:
 * each purpose gets its own key, and none of them can be turned back into the secret.
 */
export const deriveBoxKey = (secret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'mintcast', `secret-box ${purpose}`, 32));

/**
 * AES-256-GCM for secrets kept in the database (a stream key to show again). `context` (e.g. the row it
 * belongs to) is authenticated with the ciphertext, so a sealed value copied into another row does not open.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export const seal = (key: Buffer, plaintext: string, context: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ct.toString('base64url'),
  ].join('.');
};

/** The plaintext of `sealed`, or null when the key, the context or the bytes are not the ones it was sealed with. */
export const open = (key: Buffer, sealed: string, context: string): string | null => {
  const [version, iv, tag, ct] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ct === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
};
