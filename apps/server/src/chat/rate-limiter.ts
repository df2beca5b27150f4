/**
 * Token bucket per key: `burst` messages at once, refilled at `perWindow` per `windowMs`
 * (20 per 30 s with bursts of 5 for chat). Kept in memory per instance; full buckets are pruned. Time is
 * `now` (the app's clock, injected by tests), never the wall clock directly.
 */
export const createRateLimiter = (opts: {
  burst: number;
  perWindow: number;
  windowMs: number;
  now?: () => number;
}) => {
  const now = opts.now ?? Date.now;
  const ratePerMs = opts.perWindow / opts.windowMs;
  const buckets = new Map<string, { tokens: number; at: number }>();
  let lastPrune = now();

  const refill = (b: { tokens: number; at: number }, t: number) => {
    b.tokens = Math.min(opts.burst, b.tokens + Math.max(0, t - b.at) * ratePerMs);
    b.at = t;
  };

  const prune = (t: number) => {
    if (t - lastPrune < opts.windowMs) return;
    lastPrune = t;
    for (const [key, b] of buckets) {
      refill(b, t);
      if (b.tokens >= opts.burst) buckets.delete(key);
    }
  };

  /** The key's bucket, refilled up to `t` (a new key starts full). */
  const bucketAt = (key: string, t: number) => {
    prune(t);
    const b = buckets.get(key) ?? { tokens: opts.burst, at: t };
    refill(b, t);
    return b;
  };
  const waitFor = (b: { tokens: number }) => (b.tokens >= 1 ? 0 : Math.ceil((1 - b.tokens) / ratePerMs));

  return {
    /** The ms to wait before `take` would allow one (0: now), taking nothing. */
    wait(key: string): number {
      return waitFor(bucketAt(key, now()));
    },

    /** Take one token; returns 0 when allowed, else the ms to wait for the next token. */
    take(key: string): number {
      const b = bucketAt(key, now());
      buckets.set(key, b);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return waitFor(b);
    },
  };
};

export type RateLimiter = ReturnType<typeof createRateLimiter>;
