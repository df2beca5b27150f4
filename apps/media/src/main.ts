import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IceServerConfig } from './config.ts';
import { loadOrCreateDevKeys } from './dev-keys.ts';
import { startMediaServer } from './index.ts';

/** CLI entry: `tsx apps/media/src/main.ts`, configured from the environment. */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const env = process.env;

function fail(message: string): never {
  process.stderr.write(
    `${JSON.stringify({ level: 'error', service: 'media', event: 'config_invalid', message })}\n`,
  );
  process.exit(1);
}

function intEnv(name: string, fallback?: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) fail(`${name} must be a port number, got "${raw}"`);
  return n;
}

/** A duration in milliseconds (1 ms … 1 h), or undefined for the default. */
function msEnv(name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 3_600_000)
    fail(`${name} must be milliseconds (1…3600000), got "${raw}"`);
  return n;
}

function workersEnv(): number | undefined {
  const raw = env.MEDIA_WORKERS;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 256)
    fail(`MEDIA_WORKERS must be a whole number 0…256, got "${raw}"`);
  return n;
}

/** MEDIA_NATIVE_SRTP: unset or `on` (the addon when built, decision 019) or `off` (Node's cipher and send). */
function nativeSrtpEnv(): boolean {
  const raw = env.MEDIA_NATIVE_SRTP;
  if (raw === undefined || raw === '' || raw === 'on') return true;
  if (raw === 'off') return false;
  fail(`MEDIA_NATIVE_SRTP must be "on" or "off", got "${raw}"`);
}

function iceServersEnv(): IceServerConfig[] | undefined {
  const raw = env.MEDIA_ICE_SERVERS;
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as IceServerConfig[];
    if (!Array.isArray(parsed)) throw new Error('not an array');
    return parsed.map((s) => ({
      ...s,
      urls: Array.isArray(s.urls) ? s.urls : [s.urls as unknown as string],
    }));
  } catch (err) {
    fail(
      `MEDIA_ICE_SERVERS must be a JSON array of {urls, username?, credential?}: ${(err as Error).message}`,
    );
  }
}

const fromRepo = (p: string) => (isAbsolute(p) ? p : resolve(repoRoot, p));
const dataDir = fromRepo(env.DATA_DIR || '.data');
let apiKey = env.LIVEKIT_API_KEY;
let apiSecret = env.LIVEKIT_API_SECRET;
if (!apiKey || !apiSecret) ({ apiKey, apiSecret } = loadOrCreateDevKeys(dataDir));

const min = intEnv('MEDIA_UDP_PORT_MIN');
const max = intEnv('MEDIA_UDP_PORT_MAX');
if ((min === undefined) !== (max === undefined))
  fail('set both MEDIA_UDP_PORT_MIN and MEDIA_UDP_PORT_MAX, or neither');

const server = await startMediaServer({
  port: intEnv('MEDIA_PORT', 7880) as number,
  // The API server proxies `/rtc` to this port, so by default it listens on loopback only.
  host: env.MEDIA_HOST || '127.0.0.1',
  keys: { [apiKey]: apiSecret },
  webhookUrl: env.MEDIA_WEBHOOK_URL || undefined,
  udpPortRange: min !== undefined && max !== undefined ? { min, max } : undefined,
  publicIp: env.MEDIA_PUBLIC_IP || undefined,
  iceServers: iceServersEnv(),
  logLevel: env.LOG_LEVEL,
  // Send workers (decision 018: the addon's threads, or processes on Node's path); unset: one per CPU. MEDIA_NATIVE_SRTP: decision 019.
  mediaWorkers: workersEnv(),
  nativeSrtp: nativeSrtpEnv(),
  // A WHIP ingest that never connects, or whose media stops, is ended after these (defaults 30 s and 5 s).
  whip: Object.fromEntries(
    Object.entries({
      connectTimeoutMs: msEnv('MEDIA_WHIP_CONNECT_TIMEOUT_MS'),
      stallTimeoutMs: msEnv('MEDIA_WHIP_STALL_TIMEOUT_MS'),
    }).filter(([, v]) => v !== undefined),
  ),
  // Participant egress writes here; the API server reads the same folder to serve replays.
  recordingsDir: fromRepo(env.MEDIA_RECORDINGS_DIR || resolve(dataDir, 'recordings')),
  // The HTTP tier's packager (decision 026): the same ffmpeg the API server cuts clips with.
  ffmpegPath: env.FFMPEG_PATH || undefined,
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
