/**
 * How late this process's event loop runs: a timer every `intervalMs` notes how much later than due it
 * fired, and the lag is the smallest of the last `window` ticks — a backlog that lasts (a flood of work),
 * not one long task (a migration, a page render). It shows whatever the machine's speed. Unref'd: it never
 * keeps the process alive; `stop` on close. `clock` is for tests.
 */
export const createLoopLag = (
  intervalMs = 50,
  window = 3,
  clock: { now: () => number; repeat: (fn: () => void, ms: number) => () => void } = {
    now: () => performance.now(),
    repeat: (fn, ms) => {
      const timer = setInterval(fn, ms);
      timer.unref();
      return () => clearInterval(timer);
    },
  },
) => {
  const recent: number[] = [];
  let due = clock.now() + intervalMs;
  const stop = clock.repeat(() => {
    const now = clock.now();
    recent.push(Math.max(0, now - due));
    if (recent.length > window) recent.shift();
    due = now + intervalMs;
  }, intervalMs);
  return {
    /** The lag every one of the last ticks had at least, in ms (0 until there are `window` of them). */
    lagMs: () => (recent.length < window ? 0 : Math.min(...recent)),
    stop,
  };
};
