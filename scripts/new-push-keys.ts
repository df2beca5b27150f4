/**
 * `npm run push:new-keys`: print a new VAPID key pair (Web Push, RFC 8292) and an ANNOUNCE_SECRETS_KEY, as
 * lines for .env. Every instance of the site shares them. A new VAPID pair makes browsers' existing push
 * subscriptions useless (they are bound to the key), so generate it once per site.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';

const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const jwk = privateKey.export({ format: 'jwk' });
const b = (v: string | undefined) => Buffer.from(v ?? '', 'base64url');
// The uncompressed point (0x04 ‖ x ‖ y) browsers take as applicationServerKey, and the 32-byte scalar.
const publicKey = Buffer.concat([Buffer.from([4]), b(jwk.x), b(jwk.y)]).toString('base64url');
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${jwk.d}`);
console.log(`ANNOUNCE_SECRETS_KEY=${randomBytes(32).toString('base64url')}`);
