/**
 * `npm run auth:new-key`: print a new access-token signing key as a JWK set, for AUTH_SIGNING_KEYS.
 * Rotating: put the new key first and keep the old ones (for at least the 15 min an access token lives).
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';

const { privateKey } = await generateKeyPair('ES256', { extractable: true });
const jwk = await exportJWK(privateKey);
const kid = await calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y });
console.log(JSON.stringify({ keys: [{ ...jwk, kid }] }));
