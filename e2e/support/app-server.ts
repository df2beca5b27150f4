import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/test/support/free-port.ts';
import { templateDir } from './global-setup.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const tsxBin = path.join(repoRoot, 'node_modules/.bin/tsx');

export interface StreamSeed {
  mint: string;
  name: string;
  symbol: string;
  description?: string | null;
  image_uri?: string | null;
  thumbnail?: string | null;
  creator_address?: string | null;
  is_currently_live?: boolean;
  num_participants?: number;
  usd_market_cap?: number;
  created_at?: string;
}

/** A finished recording (a replay); its file is the caller's to put at `recordings/<file_path>` in the data folder. */
interface RecordingSeed {
  id: string;
  stream_id: string;
  file_path: string;
  status: 'ready';
  started_at: string;
  ended_at: string;
  duration_ms: number;
  size_bytes: number;
}

export interface StartAppOptions {
  streams?: StreamSeed[];
  /** Replays of seeded streams (rows only). */
  recordings?: RecordingSeed[];
  /** Extra environment for the server (e.g. MARKET_DATA_URL of a stand-in). */
  env?: Record<string, string>;
  /** Also start the embedded media server (apps/media); browsers reach it through the app's origin. */
  media?: boolean;
  /** Address the app listens on and is reached by (default 127.0.0.1). */
  host?: string;
  /** Also seed `npm run seed`'s demo streams (broadcast by the app when the media server runs). */
  demo?: boolean;
}

export interface RunningApp {
  /** Origin of the app, e.g. http://127.0.0.1:41234 (also its PUBLIC_ORIGIN). */
  url: string;
  /** ws:// URL of the media server itself (on loopback) when started with `media: true`. */
  mediaUrl: string | undefined;
  dataDir: string;
  /** Everything the server processes printed, for failure diagnostics. */
  logs(): string;
  stop(): Promise<void>;
}

export { freePort };

const runSeed = (
  dataDir: string,
  streams: StreamSeed[],
  demo = false,
  recordings: RecordingSeed[] = [],
): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(tsxBin, [path.join(import.meta.dirname, 'seed-scenario.ts'), dataDir], {
      cwd: repoRoot,
      stdio: ['pipe', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))));
    child.stdin.end(JSON.stringify({ streams, demo, recordings }));
  });

const waitFor = async (url: string, child: ChildProcess, timeoutMs: number, logs: () => string) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited early (${child.exitCode}):\n${logs()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${url}:\n${logs()}`);
};

/** Signal the child's whole process group: tsx runs the real server as a grandchild. */
const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
};

const stopChild = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      signalGroup(child, 'SIGKILL');
      resolve();
    });
    signalGroup(child, 'SIGTERM');
  });

/** Start the built app (and optionally the media server) on free ports with a fresh, seeded database. */
export const startApp = async (opts: StartAppOptions = {}): Promise<RunningApp> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mintcast-e2e-'));
  const template = path.join(templateDir, 'pglite');
  if (existsSync(template)) await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
  if (opts.streams?.length || opts.demo || opts.recordings?.length)
    await runSeed(dataDir, opts.streams ?? [], opts.demo, opts.recordings);
  const port = await freePort();
  const host = opts.host ?? '127.0.0.1';
  const url = `http://${host}:${port}`;
  let output = '';
  const capture = (child: ChildProcess, name: string) => {
    child.stdout?.on('data', (d) => {
      output += `[${name}] ${d}`;
    });
    child.stderr?.on('data', (d) => {
      output += `[${name}] ${d}`;
    });
  };
  const logs = () => output.slice(-20_000);
  const children: ChildProcess[] = [];
  let stopping = false;
  // A server child that dies while a spec still uses it is a crash: say so in the run's output, with its
  // last lines, instead of leaving the next request to fail with "connection refused" and no trace.
  const watchExit = (child: ChildProcess, name: string) =>
    child.once('exit', (code, signal) => {
      if (!stopping)
        console.error(
          `[e2e app ${url}] ${name} exited (code ${code}, signal ${signal}); last output:\n${logs().slice(-6_000)}`,
        );
    });
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    // Not production: that refuses the local http origin (apps/server/src/env-rules.ts).
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: host,
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: url,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    MARKET_DATA_URL: 'http://127.0.0.1:9',
    MARKET_REFRESH_INTERVAL_MS: '0',
    MEDIA_PORT: '9', // no media server unless `media: true` (never someone's `npm start` on 7880)
  };
  let mediaUrl: string | undefined;
  try {
    if (opts.media) {
      const mediaPort = await freePort();
      const apiKey = `e2e-${randomBytes(4).toString('hex')}`;
      const apiSecret = randomBytes(32).toString('hex');
      mediaUrl = `ws://127.0.0.1:${mediaPort}`;
      // As `npm start` runs it: no LIVEKIT_URL, so the app proxies `/rtc` to the media server on loopback.
      Object.assign(env, {
        LIVEKIT_URL: '',
        LIVEKIT_API_KEY: apiKey,
        LIVEKIT_API_SECRET: apiSecret,
        MEDIA_HOST: '127.0.0.1',
        MEDIA_PORT: String(mediaPort),
      });
      const media = spawn(tsxBin, [path.join(repoRoot, 'apps/media/src/main.ts')], {
        cwd: repoRoot,
        env: { ...env, MEDIA_WEBHOOK_URL: `${url}/api/live/webhook` },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      children.push(media);
      capture(media, 'media');
      watchExit(media, 'media');
      await waitFor(`http://127.0.0.1:${mediaPort}/`, media, 30_000, logs);
    }
    Object.assign(env, opts.env ?? {});
    const server = spawn(tsxBin, [path.join(repoRoot, 'apps/server/src/main.ts')], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(server);
    capture(server, 'server');
    watchExit(server, 'server');
    await waitFor(`${url}/api/health`, server, 90_000, logs);
  } catch (err) {
    stopping = true;
    await Promise.all(children.map(stopChild));
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    mediaUrl,
    dataDir,
    logs,
    stop: async () => {
      stopping = true;
      await Promise.all(children.reverse().map(stopChild));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
