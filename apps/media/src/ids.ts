import { randomBytes } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** LiveKit-style id: a prefix (`RM_`, `PA_`, `TR_`, `EV_`, `EG_`) and 12 random characters. */
export function guid(prefix: 'RM_' | 'PA_' | 'TR_' | 'EV_' | 'EG_'): string {
  const bytes = randomBytes(12);
  let out = prefix;
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}
