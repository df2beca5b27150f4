/**
 * How late this process's event loop runs: a timer every `intervalMs` notes how much later than due it
 * fired. A loop busy with a backlog (a flood of work, or a starved CPU) shows as lag, whatever the machine's
 * speed. Unref'd: it never keeps the process alive; `stop` on close. `clock` is for tests.
 */
export const createLoopLag = (
  intervalMs = 50,
  clock: { now: () => number; repeat: (fn: () => void, ms: number) => () => void } = {
    now: () => performance.now(),
    repeat: (fn, ms) => {
      const timer = setInterval(fn, ms);
      timer.unref();
      return () => clearInterval(timer);
    },
  },
) => {
  let lagMs = 0;
  let due = clock.now() + intervalMs;
  const stop = clock.repeat(() => {
    const now = clock.now();
    lagMs = Math.max(0, now - due);
    due = now + intervalMs;
  }, intervalMs);
  return {
    /** The lag seen by the last tick, in ms. */
    lagMs: () => lagMs,
    stop,
  };
};
