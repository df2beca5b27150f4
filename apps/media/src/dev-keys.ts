import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DevKeys {
  apiKey: string;
  apiSecret: string;
}

/**
 * A LiveKit API key pair for local development, generated once and kept in
 * `<dataDir>/livekit-dev-keys.json` (mode 0600) so the API server and the SFU agree across restarts.
 */
export function loadOrCreateDevKeys(dataDir: string): DevKeys {
  const file = join(dataDir, 'livekit-dev-keys.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DevKeys>;
    if (parsed.apiKey && parsed.apiSecret) return { apiKey: parsed.apiKey, apiSecret: parsed.apiSecret };
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keys: DevKeys = {
    apiKey: `API${randomBytes(6).toString('hex')}`,
    apiSecret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}
