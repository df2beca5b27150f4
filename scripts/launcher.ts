import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { launcherLog } from './launcher-log.ts';
import { marketUnreachableReason } from './market-reachability.ts';
import { type Supervised, type SuperviseOptions, supervise } from './supervisor.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..');
const tsxBin = path.join(repoRoot, 'node_modules/.bin/tsx');

/** Read `.env` (if any) into process.env without overriding what the shell already set. */
export const loadDotEnv = (): void => {
  const file = path.join(repoRoot, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
};

const children: Supervised[] = [];

/**
 * Start a TypeScript entry point (through tsx) as a child process that shares our terminal; `runner`
 * process.execPath runs a built JavaScript entry instead (`npm start`). It is restarted with back-off
 * whenever it exits (a crash of one child leaves the others serving) or, given `supervision.liveness`, stops
 * answering; in its own process group so that whatever runs under it is stopped with it.
 */
export const runTs = (
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  args: string[] = [],
  runner: string = tsxBin,
  supervision: SuperviseOptions = {},
): Supervised => {
  const child = supervise(
    name,
    () =>
      spawn(runner, [...args, path.join(repoRoot, entry)], {
        cwd: repoRoot,
        env,
        stdio: 'inherit',
        detached: true,
      }),
    supervision,
  );
  children.push(child);
  return child;
};

/** Stop every child (SIGTERM, then SIGKILL after 5 s) and exit. */
export const stopAll = async (exitCode = 0): Promise<never> => {
  await Promise.all(children.map((c) => c.stop()));
  process.exit(exitCode);
};

process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));
// The children have their own process groups: a closed terminal reaches them only through us.
process.once('SIGHUP', () => void stopAll(0));

/**
 * Work out the environment shared by the processes: when no external LiveKit is configured, the embedded
 * media server is started with a generated dev key pair that the API server gets too.
 */
export const prepareEnvironment = async (opts: { apiOrigin: string }) => {
  loadDotEnv();
  const env: NodeJS.ProcessEnv = { ...process.env };
  const dataDir = path.resolve(repoRoot, env.DATA_DIR || '.data');
  const embeddedMedia = !env.LIVEKIT_URL;
  if (embeddedMedia) {
    if (!env.LIVEKIT_API_KEY || !env.LIVEKIT_API_SECRET) {
      const { loadOrCreateDevKeys } = await import('../apps/media/src/dev-keys.ts');
      const keys = loadOrCreateDevKeys(dataDir);
      env.LIVEKIT_API_KEY = keys.apiKey;
      env.LIVEKIT_API_SECRET = keys.apiSecret;
    }
    env.MEDIA_PORT = env.MEDIA_PORT || '7880';
    // Browsers reach the media server through the API server's origin (it proxies `/rtc`), so its HTTP port
    // stays on loopback; only its UDP/TCP media ports face the network.
    env.MEDIA_HOST = env.MEDIA_HOST || '127.0.0.1';
    env.MEDIA_WEBHOOK_URL = env.MEDIA_WEBHOOK_URL || `${opts.apiOrigin}/api/live/webhook`;
  }
  if (env.MINTCAST_OFFLINE === '1') {
    const { startMarketStandin } = await import('../packages/market-standin/src/index.ts');
    const standin = await startMarketStandin({ port: Number(env.MARKET_STANDIN_PORT || 4010) });
    env.MARKET_DATA_URL = standin.url;
    launcherLog('info', 'market_standin', `offline: market data from the stand-in at ${standin.url}`, {
      url: standin.url,
    });
  } else {
    // Not awaited: the site starts either way; without internet the first thing printed says why tokens are empty.
    const url = env.MARKET_DATA_URL || 'https://api.dexscreener.com';
    void marketUnreachableReason(url).then((reason) => {
      if (reason) launcherLog('warn', 'market_unreachable', reason, { url });
    });
  }
  return { env, embeddedMedia };
};

/** Where a child listening on `host` (`0.0.0.0`, `::` or empty: every interface) is asked from this machine. */
export const localOrigin = (host: string | undefined, port: string | number): string => {
  const h = !host || host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
};
