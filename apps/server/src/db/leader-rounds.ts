import type { LeaderLock } from './advisory-lock.ts';

/**
 * A job's rounds, run only on the instance holding its leader lock, one at a time: a kick while a round runs
 * runs one more round after it (the work that woke it is not lost), never two at once. Errors are logged.
 */
export const createLeaderRounds = (deps: {
  lock: LeaderLock;
  round: () => Promise<void>;
  log: { warn: (o: object, m: string) => void };
  name: string;
}) => {
  let running: Promise<void> | null = null;
  let again = false;
  const kick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        if (!(await deps.lock.acquire())) return;
        do {
          again = false;
          await deps.round();
        } while (again);
      } catch (err) {
        deps.log.warn({ err }, `${deps.name}: round failed`);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  return {
    kick,
    /** Wait for the round in flight, then let another instance lead. */
    async stop(): Promise<void> {
      await running;
      await deps.lock.release();
    },
  };
};
