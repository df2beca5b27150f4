import { createHash, randomBytes } from 'node:crypto';

/** A new stream key: 32 random bytes, base64url, with a prefix that makes a leaked key recognisable. */
export const newStreamKey = (): string => `mck_${randomBytes(32).toString('base64url')}`;

/** What is stored and compared: the key's sha256 (a random 256-bit key needs no slow hash). */
export const hashStreamKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');
