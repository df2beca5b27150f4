import { createLeaderLock } from '../db/advisory-lock.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createLiveReconcile, type LiveReconcileDeps } from './live-reconcile.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Runs the live reconciliation at start and every `intervalMs` (0: never), on the one server instance that
 * leads it when several share the database (advisory leader lock: the grace it counts lives in that instance).
 * A run that cannot reach the media server changes nothing and is logged once per outage.
 */
export const startReconcileJob = (opts: {
  database: DatabaseHandle;
  intervalMs: number;
  deps: LiveReconcileDeps;
  log: Log;
}) => {
  const reconcile = createLiveReconcile(opts.deps);
  const lock = createLeaderLock(opts.database, 'live-reconcile');
  let running: Promise<void> | null = null;
  let stopped = false;
  let failing = false;
  const tick = () => {
    if (running || stopped) return; // a slow run is not stacked on
    running = lock
      .acquire()
      .then((lead) => (lead ? reconcile.runOnce() : undefined))
      .then(
        () => {
          failing = false;
        },
        (err: unknown) => {
          if (!failing && !stopped)
            opts.log.warn({ err }, 'live: reconciliation with the media server failed');
          failing = true;
        },
      )
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  if (opts.intervalMs > 0) {
    tick();
    timer = setInterval(tick, opts.intervalMs);
    timer.unref();
  }
  return {
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
      await lock.release();
    },
  };
};
