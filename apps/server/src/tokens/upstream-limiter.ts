/**
 * The global budget for market-data calls of this server process. DexScreener allows 300 requests/min
 * per client; a token bucket of `burst` tokens refilled at `perMinute` keeps any 60 s window under
 * burst + perMinute (30 + 240 = 270 by default). A 429 stops all calls for a back-off period (the
 * upstream's Retry-After when given, else 1 s doubling up to 60 s), reset by the next success.
 */
/** A budget for upstream calls: this process's own (below) or shared by every instance (shared-upstream-limiter). */
export interface UpstreamBudget {
  /** Take one call from the budget; false when the budget is spent or we are backing off. */
  tryAcquire(): boolean | Promise<boolean>;
  /** The upstream answered 429: stop calling for a while. */
  rateLimited(retryAfterSeconds?: number): unknown;
  /** A call went through: the next 429 starts from the smallest back-off again. */
  succeeded(): unknown;
}

export interface UpstreamLimiterOptions {
  perMinute?: number;
  burst?: number;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  now?: () => number;
}

export const createUpstreamLimiter = (opts: UpstreamLimiterOptions = {}) => {
  const perMinute = opts.perMinute ?? 240;
  const burst = opts.burst ?? 30;
  const minBackoff = opts.minBackoffMs ?? 1_000;
  const maxBackoff = opts.maxBackoffMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const refillPerMs = perMinute / 60_000;
  let tokens = burst;
  let refilledAt = now();
  let blockedUntil = 0;
  let backoff = 0;

  return {
    /** Take one call from the budget; false when the budget is spent or we are backing off. */
    tryAcquire(): boolean {
      const t = now();
      if (t < blockedUntil) return false;
      tokens = Math.min(burst, tokens + (t - refilledAt) * refillPerMs);
      refilledAt = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    /** The upstream answered 429: stop calling for a while. */
    rateLimited(retryAfterSeconds?: number): number {
      backoff = backoff === 0 ? minBackoff : Math.min(maxBackoff, backoff * 2);
      const wait =
        retryAfterSeconds && retryAfterSeconds > 0 ? Math.min(maxBackoff, retryAfterSeconds * 1000) : backoff;
      blockedUntil = now() + wait;
      return wait;
    },
    /** A call went through: the next 429 starts from the smallest back-off again. */
    succeeded(): void {
      backoff = 0;
    },
    /** Milliseconds left in the current back-off (0 when not backing off). */
    backoffRemainingMs: (): number => Math.max(0, blockedUntil - now()),
  };
};
