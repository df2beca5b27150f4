import type { ChildProcess } from 'node:child_process';
import { launcherLog } from './launcher-log.ts';

/** Restart delays: doubling from the first to the cap; a child that stayed up this long starts over. */
export const RESTART_FIRST_MS = 500;
export const RESTART_MAX_MS = 30_000;
export const RESTART_RESET_AFTER_MS = 60_000;

/** The delay before restart number `n` (0-based) of a child that keeps crashing. */
export const restartDelay = (n: number): number => Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** n);

/**
 * How a child is asked whether it still answers. A process can hang without exiting (stopped, deadlocked,
 * an event loop stuck in a busy loop): it keeps its ports, so nothing else can take over, and only a question
 * with a deadline notices.
 */
export interface Liveness {
  /** Resolves true when the child answered; aborted by `signal` after `timeoutMs`. */
  check(signal: AbortSignal): Promise<boolean>;
  /** Pause between the end of one check and the start of the next. */
  intervalMs: number;
  timeoutMs: number;
  /** Consecutive failed checks after which a child that has answered before is taken as hung. */
  failures: number;
  /** A child that has not answered yet is taken as hung after this long (start-up: migrations, a first build). */
  startupMs: number;
}

/** Every 5 s, 3 s to answer, hung after 3 misses (about 20 s) or 2 minutes without a first answer. */
export const DEFAULT_LIVENESS: Omit<Liveness, 'check'> = {
  intervalMs: 5_000,
  timeoutMs: 3_000,
  failures: 3,
  startupMs: 120_000,
};

/** A check that the server at `url` answers HTTP at all: any status is an answer, a timeout or refusal not. */
export const httpAnswers =
  (url: string) =>
  (signal: AbortSignal): Promise<boolean> =>
    fetch(url, { signal }).then(
      async (res) => {
        await res.arrayBuffer().catch(() => undefined);
        return true;
      },
      () => false,
    );

export type SupervisorEvent =
  | { event: 'started'; pid: number | undefined }
  /** The child answered its first liveness check (it really listens). */
  | { event: 'ready'; pid: number | undefined }
  | { event: 'hung'; pid: number | undefined; failures: number }
  | { event: 'exited'; pid: number | undefined; how: string; restartInMs: number; restart: number };

export interface SuperviseOptions {
  liveness?: Liveness;
  /** Told of each start, first answer, hang and exit (the launcher's "serving on" line, tests). */
  onEvent?: (e: SupervisorEvent) => void;
  /** Where the supervisor's own lines go; the launcher's JSON lines by default. */
  log?: typeof launcherLog;
}

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
 * Asks `child` `liveness.check` until it exits; calls `onHung` once when it stops answering. Returns a
 * function that stops asking.
 */
const watch = (liveness: Liveness, onReady: () => void, onHung: (failures: number) => void): (() => void) => {
  const startedAt = Date.now();
  let answered = false;
  let misses = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const round = async () => {
    const ok = await liveness.check(AbortSignal.timeout(liveness.timeoutMs)).catch(() => false);
    if (stopped) return;
    if (ok) {
      misses = 0;
      if (!answered) onReady();
      answered = true;
    } else {
      misses += 1;
      const hung = answered ? misses >= liveness.failures : Date.now() - startedAt >= liveness.startupMs;
      if (hung) {
        stopped = true;
        return onHung(misses);
      }
    }
    timer = setTimeout(() => void round(), liveness.intervalMs);
  };
  void round();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
};

/**
 * Keeps one child process running: when it exits on its own, or stops answering its liveness check and is
 * killed, it is logged and started again after a back-off, while the other children keep serving. `start`
 * must spawn the child as the leader of its own process group (`detached: true`), so that whatever it leaves
 * behind is cleaned up before the restart.
 */
export const supervise = (
  name: string,
  start: () => ChildProcess,
  opts: SuperviseOptions = {},
): Supervised => {
  const log = opts.log ?? launcherLog;
  const emit = (e: SupervisorEvent) => opts.onEvent?.(e);
  let child: ChildProcess;
  let stopping = false;
  let crashes = 0;
  let timer: NodeJS.Timeout | undefined;

  const launch = () => {
    const startedAt = Date.now();
    const c = start();
    child = c;
    log('info', 'child_started', `${name} started (pid ${c.pid})`, { child: name, childPid: c.pid });
    emit({ event: 'started', pid: c.pid });
    const unwatch = opts.liveness
      ? watch(
          opts.liveness,
          () => emit({ event: 'ready', pid: c.pid }),
          (failures) => {
            if (stopping) return;
            log('error', 'child_hung', `${name} stopped answering (pid ${c.pid}); killing it`, {
              child: name,
              childPid: c.pid,
              failures,
            });
            emit({ event: 'hung', pid: c.pid, failures });
            // SIGKILL works on a stopped process too; the exit below restarts it with the back-off.
            signalGroup(c, 'SIGKILL');
          },
        )
      : () => undefined;
    c.once('exit', (code, signal) => {
      unwatch();
      signalGroup(c, 'SIGKILL'); // nothing of the old one may keep its ports
      if (stopping) return;
      if (Date.now() - startedAt >= RESTART_RESET_AFTER_MS) crashes = 0;
      const delay = restartDelay(crashes);
      crashes += 1;
      const how = String(signal ?? code);
      log(
        'error',
        'child_exited',
        `${name} exited (${how}); restarting in ${(delay / 1000).toFixed(1)} s (restart ${crashes})`,
        { child: name, childPid: c.pid, how, restartInMs: delay, restart: crashes },
      );
      emit({ event: 'exited', pid: c.pid, how, restartInMs: delay, restart: crashes });
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
        // A stopped child cannot act on SIGTERM until it runs again.
        signalGroup(c, 'SIGCONT');
        signalGroup(c, 'SIGTERM');
      }),
  };
};
