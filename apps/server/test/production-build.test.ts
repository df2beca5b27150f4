import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle, externalPackages } from '../../../scripts/bundle.ts';
import { freePort } from './support/free-port.ts';
import { eventually } from './support/multi-instance.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** A build folder of this test's own (apps/server/<dir>/main.js…), beside the real dist/. */
const dir = `.dist-test-${process.pid}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'mintcast-built-'));

const productionDependencies = (): Set<string> => {
  const names = new Set<string>();
  for (const ws of ['apps/server', 'apps/media', 'packages/contracts']) {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, ws, 'package.json'), 'utf8'));
    for (const name of Object.keys(pkg.dependencies ?? {})) names.add(name);
  }
  return names;
};

describe('the production build (scripts/bundle.ts)', () => {
  let externals: string[];
  let server: ChildProcess | undefined;
  beforeAll(async () => {
    externals = externalPackages(await bundle(repoRoot, dir));
  });
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server?.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    for (const d of [dir, `apps/server/${dir}`, `apps/media/${dir}`])
      rmSync(path.join(repoRoot, d), { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports only production dependencies at run time (npm ci --omit=dev provides them)', () => {
    const prod = productionDependencies();
    expect(externals.filter((name) => !prod.has(name))).toEqual([]);
    expect(externals).toContain('fastify');
    // Loaded from node_modules, where its addon was built beside it (decision 019), not bundled.
    expect(externals).toContain('@mintcast/srtp-native');
  });

  // A fresh PGlite data folder takes its initdb first: about a minute on a busy 2-core machine.
  it('the built server runs on plain Node (no TypeScript runner) and answers /api/health', {
    timeout: 240_000,
  }, async () => {
    const port = await freePort();
    let output = '';
    server = spawn(process.execPath, [path.join(repoRoot, 'apps/server', dir, 'main.js')], {
      cwd: tmpdir(),
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // Production takes only a public https origin; no DATABASE_URL, so no shared signing keys needed.
        PUBLIC_ORIGIN: 'https://mintcast.example.com',
        MARKET_REFRESH_INTERVAL_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d) => {
      output += d;
    });
    server.stderr?.on('data', (d) => {
      output += d;
    });
    await eventually(async () => {
      if (server?.exitCode !== null) throw new Error(`the built server exited: ${output}`);
      const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      return res?.status === 200;
    }, 200_000);
  });
});
