import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './app-server.ts';
import { templateDir } from './global-setup.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningLauncher {
  url: string;
  mediaUrl: string;
  keys: { apiKey: string; apiSecret: string };
  /** The site's data folder (database, recordings), removed by `stop()`. */
  dataDir: string;
  /** Everything the launcher and its children printed. */
  logs(): string;
  /** How many times the launcher has started a child (its `child_started` line). */
  starts(name: 'media' | 'server'): number;
  /** SIGKILL the process that really runs a child (the innermost one under its wrapper), as a crash would. */
  crash(name: 'media' | 'server'): void;
  stop(): Promise<void>;
}

/** A process's command line, or '' once it is gone. */
const cmdline = (pid: string): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

/**
 * The innermost descendant of `pid` (under tsx the server is a grandchild; a built child has none), not
 * counting the media server's own send workers (decision 018), which are its children, not its wrapper's.
 */
const innermost = (pid: number): number => {
  const file = `/proc/${pid}/task/${pid}/children`;
  const kids = existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean) : [];
  const inner = kids.find((k) => !cmdline(k).includes('send-worker'));
  return inner ? innermost(Number(inner)) : pid;
};

/**
 * `npm start` (scripts/start.mjs: builds when dist/ is missing or stale, then runs the bundles on plain Node)
 * on free ports and a fresh database.
 */
export const startLauncher = async (env: Record<string, string>): Promise<RunningLauncher> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mintcast-launcher-'));
  const template = path.join(templateDir, 'pglite');
  if (existsSync(template)) await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
  const port = await freePort();
  const mediaPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const keys = {
    apiKey: `e2e-${randomBytes(4).toString('hex')}`,
    apiSecret: randomBytes(32).toString('hex'),
  };
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      // Not production: that refuses the local http origin (apps/server/src/env-rules.ts).
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      MEDIA_PORT: String(mediaPort),
      MEDIA_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: url,
      DATABASE_URL: '',
      LIVEKIT_URL: '',
      LIVEKIT_API_KEY: keys.apiKey,
      LIVEKIT_API_SECRET: keys.apiSecret,
      LOG_LEVEL: 'warn',
      MARKET_REFRESH_INTERVAL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const pidOf = (name: string): number => {
    const all = [
      ...output.matchAll(new RegExp(`"event":"child_started","child":"${name}","childPid":(\\d+)`, 'g')),
    ];
    const pid = Number(all.at(-1)?.[1]);
    if (!pid) throw new Error(`no ${name} pid in the launcher's output:\n${output}`);
    return pid;
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-(child.pid as number), 'SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 600_000; // a first run builds the site
  for (;;) {
    if (child.exitCode !== null) throw new Error(`launcher exited early:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`launcher not up in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    mediaUrl: `ws://127.0.0.1:${mediaPort}`,
    keys,
    dataDir,
    logs: () => output.slice(-20_000),
    starts: (name) => output.split(`"event":"child_started","child":"${name}"`).length - 1,
    crash: (name) => process.kill(innermost(pidOf(name)), 'SIGKILL'),
    stop,
  };
};
