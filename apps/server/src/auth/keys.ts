import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTHeaderParameters,
} from 'jose';
import { unauthorized } from '../http/errors.ts';

/** Signing algorithm of our access tokens: ECDSA P-256 (asymmetric, so anyone can verify with the JWKS). */
export const ACCESS_TOKEN_ALG = 'ES256';
const KEY_FILE = 'auth-keys.json';

interface StoredKey {
  kid: string;
  created_at: string;
  private_jwk: JWK;
}

interface LoadedKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

const publicPart = (jwk: JWK): JWK => {
  const { kty, crv, x, y } = jwk;
  return { kty, crv, x, y };
};

const newKey = async (): Promise<StoredKey> => {
  const { privateKey } = await generateKeyPair(ACCESS_TOKEN_ALG, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(publicPart(privateJwk));
  return { kid, created_at: new Date().toISOString(), private_jwk: privateJwk };
};

const load = async (stored: StoredKey): Promise<LoadedKey> => ({
  kid: stored.kid,
  privateKey: (await importJWK(stored.private_jwk, ACCESS_TOKEN_ALG)) as CryptoKey,
  publicKey: (await importJWK(publicPart(stored.private_jwk), ACCESS_TOKEN_ALG)) as CryptoKey,
  publicJwk: { ...publicPart(stored.private_jwk), kid: stored.kid, alg: ACCESS_TOKEN_ALG, use: 'sig' },
});

/** Keys given by the operator (AUTH_SIGNING_KEYS); a key that does not import stops the boot, named. */
const fromEnvironment = async (jwks: JWK[]): Promise<StoredKey[]> =>
  Promise.all(
    jwks.map(async (jwk, i) => {
      const stored: StoredKey = {
        kid: jwk.kid ?? (await calculateJwkThumbprint(publicPart(jwk))),
        created_at: '',
        private_jwk: jwk,
      };
      await load(stored).catch((err: unknown) => {
        throw new Error(
          `AUTH_SIGNING_KEYS: key ${i + 1} is not a usable ES256 key (${(err as Error).message})`,
        );
      });
      return stored;
    }),
  );

/**
 * The access-token signing keys. The first key signs; every key verifies and is published in the JWKS, so a
 * rotation (new key first, old ones kept until their tokens expire) never signs anybody out.
 * `shared` (AUTH_SIGNING_KEYS) are the same on every instance of the site and rotate by changing the variable.
 * Otherwise they are persisted to `${dataDir}/auth-keys.json` (mode 0600) on first start, which serves one
 * machine; kept in memory when dataDir is ''.
 */
export const createKeyStore = async (dataDir: string, shared?: JWK[]) => {
  const file = dataDir && !shared ? path.join(dataDir, KEY_FILE) : '';
  let stored: StoredKey[] = shared ? await fromEnvironment(shared) : [];
  if (file && existsSync(file)) {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { keys?: StoredKey[] };
    stored = Array.isArray(parsed.keys) ? parsed.keys : [];
  }
  const save = async () => {
    if (!file) return;
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, `${JSON.stringify({ keys: stored }, null, 2)}\n`, { mode: 0o600 });
    await chmod(tmp, 0o600);
    await rename(tmp, file);
  };
  if (stored.length === 0) {
    stored = [await newKey()];
    await save();
  }
  let loaded = await Promise.all(stored.map(load));

  return {
    /** The key that signs new tokens. */
    signingKey(): LoadedKey {
      const key = loaded[0];
      if (!key) throw new Error('No signing key');
      return key;
    },

    /** Public keys as served at `/api/auth/.well-known/jwks.json`. */
    jwks(): { keys: JWK[] } {
      return { keys: loaded.map((k) => k.publicJwk) };
    },

    /** jose key resolver: the verifying key named by the token's `kid` (errors use the spec's wording). */
    verifyingKey(header: JWTHeaderParameters): CryptoKey {
      if (loaded.length === 0) throw unauthorized('JWKS is empty');
      const key = loaded.find((k) => k.kid === header.kid);
      if (!key) throw unauthorized('No matching signing key found in JWKS');
      return key.publicKey;
    },

    /** Add a new signing key (it signs from now on); `keep` older keys stay published for verification. */
    async rotate(keep = 1): Promise<string> {
      // A key made here would sign tokens the other instances cannot verify.
      if (shared)
        throw new Error('Signing keys come from AUTH_SIGNING_KEYS: rotate them there, on every instance');
      stored = [await newKey(), ...stored.slice(0, keep)];
      await save();
      loaded = await Promise.all(stored.map(load));
      return stored[0]?.kid ?? '';
    },
  };
};

export type KeyStore = Awaited<ReturnType<typeof createKeyStore>>;
