import { spawn } from 'node:child_process';

/**
 * A CPU burner for "under contention" figures: a child process spinning one core in a busy loop. It is
 * bounded twice over: `stop()` kills it, and it exits by itself after `maxSeconds` should the bench die
 * without stopping it. Its own load (one core) is known, so `underLoad(…, { busyCores: 1 })` leaves it out
 * when comparing phases.
 */
export const startBurner = (maxSeconds: number): { stop(): Promise<void> } => {
  const code = `const end = Date.now() + ${Math.ceil(maxSeconds * 1000)}; let x = 0;
while (Date.now() < end) { for (let i = 0; i < 1e6; i++) x = (x + i) % 7; }`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
};
