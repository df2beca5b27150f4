import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Start a TS entry with tsx and wait for its `READY <port>` line. */
export const startReadyChild = (
  entry: string,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 300_000,
): Promise<{ child: ChildProcess; port: number }> =>
  new Promise((resolve, reject) => {
    const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), [entry], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => reject(new Error(`${entry} not ready in time`)), timeoutMs);
    let buf = '';
    child.stdout?.on('data', (d) => {
      buf += String(d);
      const m = buf.match(/READY (\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]) });
      }
    });
    child.on('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
