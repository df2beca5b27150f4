import type { MarketRepository } from './market.repository.ts';

/**
 * Records that a stream's market data was looked at (`streams.last_viewed_at`), so the refresh job
 * knows which streams matter. At most one write per mint per minute, never awaited by the request.
 */
export const createViewTracker = (
  repo: Pick<MarketRepository, 'touchViewed'>,
  opts: { minIntervalMs?: number; now?: () => number; log?: { warn: (o: object, m: string) => void } } = {},
) => {
  const minInterval = opts.minIntervalMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const touched = new Map<string, number>();
  const pending = new Set<Promise<void>>();

  const prune = (t: number) => {
    for (const [mint, at] of touched) if (t - at >= minInterval) touched.delete(mint);
  };

  return {
    touch(mint: string): void {
      const t = now();
      const last = touched.get(mint);
      if (last !== undefined && t - last < minInterval) return;
      if (touched.size >= 50_000) prune(t);
      touched.set(mint, t);
      const write = repo
        .touchViewed(mint)
        .catch((err: unknown) => opts.log?.warn({ err, mint }, 'could not record stream view'))
        .finally(() => pending.delete(write));
      pending.add(write);
    },
    /** Wait for writes in flight (app shutdown, tests). */
    async flush(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
};

export type ViewTracker = ReturnType<typeof createViewTracker>;
