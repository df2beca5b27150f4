import type { ChildProcess } from 'node:child_process';

/** Restart delays: doubling from the first to the cap; a child that stayed up this long starts over. */
export const RESTART_FIRST_MS = 500;
export const RESTART_MAX_MS = 30_000;
export const RESTART_RESET_AFTER_MS = 60_000;

/** The delay before restart number `n` (0-based) of a child that keeps crashing. */
export const restartDelay = (n: number): number => Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** n);

export interface Supervised {
  current(): ChildProcess;
  /** Stop restarting; resolves once the current child has exited (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
}

/** Signal a child's whole process group: a wrapper (tsx) may have left the real server behind. */
const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
};

/**
 * Keeps one child process running: when it exits on its own it is logged and started again after a
 * back-off, while the other children keep serving. `start` must spawn the child as the leader of its own
 * process group (`detached: true`), so that whatever it leaves behind is cleaned up before the restart.
 */
export const supervise = (name: string, start: () => ChildProcess): Supervised => {
  let child: ChildProcess;
  let stopping = false;
  let crashes = 0;
  let timer: NodeJS.Timeout | undefined;

  const launch = () => {
    const startedAt = Date.now();
    child = start();
    console.log(`[mintcast] ${name} started (pid ${child.pid})`);
    child.once('exit', (code, signal) => {
      signalGroup(child, 'SIGKILL'); // nothing of the old one may keep its ports
      if (stopping) return;
      if (Date.now() - startedAt >= RESTART_RESET_AFTER_MS) crashes = 0;
      const delay = restartDelay(crashes);
      crashes += 1;
      console.error(
        `[mintcast] ${name} exited (${signal ?? code}); restarting in ${(delay / 1000).toFixed(1)} s (restart ${crashes})`,
      );
      timer = setTimeout(launch, delay);
    });
  };
  launch();

  return {
    current: () => child,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        clearTimeout(timer);
        const c = child;
        if (c.exitCode !== null || c.signalCode !== null) return resolve();
        const kill = setTimeout(() => signalGroup(c, 'SIGKILL'), 5_000);
        c.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        signalGroup(c, 'SIGTERM');
      }),
  };
};
