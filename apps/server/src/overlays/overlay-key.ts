import { createHash, randomBytes } from 'node:crypto';

/** A new overlay key: 32 random bytes, base64url, with a prefix that makes a leaked one recognisable. */
export const newOverlayKey = (): string => `mco_${randomBytes(32).toString('base64url')}`;

/** What is stored and looked up: the key's sha256 (a random 256-bit key needs no slow hash). */
export const hashOverlayKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** What a sealed key is bound to: its stream (a sealed key copied into another stream's row does not open). */
export const overlaySealContext = (mint: string): string => `overlay-key ${mint}`;
