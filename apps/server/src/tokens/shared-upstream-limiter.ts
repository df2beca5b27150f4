import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createUpstreamLimiter, type UpstreamBudget } from './upstream-limiter.ts';

export interface SharedUpstreamLimiterOptions {
  perMinute?: number;
  burst?: number;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  log?: { warn: (obj: object, msg: string) => void };
}

/**
 * The market-data budget of ALL server instances on one database: the token bucket and the 429 back-off
 * live in one row (`market_upstream_budget`), updated atomically, with the database's clock. Any 60 s window
 * then stays under burst + perMinute (30 + 240 = 270 < 300) however many instances there are, and a 429
 * seen by one instance stops the others too. One short UPDATE per upstream call (a few a minute per token).
 * If the database cannot be asked, this process falls back to its own in-memory budget.
 */
export const createSharedUpstreamLimiter = (
  db: Kysely<Database>,
  opts: SharedUpstreamLimiterOptions = {},
): UpstreamBudget => {
  const perSecond = (opts.perMinute ?? 240) / 60;
  const burst = opts.burst ?? 30;
  const minBackoff = opts.minBackoffMs ?? 1_000;
  const maxBackoff = opts.maxBackoffMs ?? 60_000;
  const fallback = createUpstreamLimiter(opts);
  const failed = (err: unknown, what: string) => {
    opts.log?.warn({ err }, `market data budget: ${what} failed; using this process's own budget`);
  };

  return {
    async tryAcquire(): Promise<boolean> {
      try {
        const refilled = sql`LEAST(${burst}::float8, tokens + extract(epoch FROM now() - refilled_at) * ${perSecond}::float8)`;
        const res = await sql<{ tokens: number }>`
          UPDATE market_upstream_budget
          SET tokens = ${refilled} - 1, refilled_at = now()
          WHERE id = 1 AND now() >= blocked_until AND ${refilled} >= 1
          RETURNING tokens`.execute(db);
        return res.rows.length === 1;
      } catch (err) {
        failed(err, 'acquire');
        return fallback.tryAcquire();
      }
    },

    async rateLimited(retryAfterSeconds?: number): Promise<void> {
      fallback.rateLimited(retryAfterSeconds);
      const retryMs =
        retryAfterSeconds && retryAfterSeconds > 0 ? Math.min(maxBackoff, retryAfterSeconds * 1000) : null;
      try {
        await sql`
          UPDATE market_upstream_budget b
          SET backoff_ms = n.next_ms,
              blocked_until = now() + make_interval(secs => COALESCE(${retryMs}::float8, n.next_ms) / 1000)
          FROM (
            SELECT LEAST(${maxBackoff}, CASE WHEN backoff_ms = 0 THEN ${minBackoff} ELSE backoff_ms * 2 END) AS next_ms
            FROM market_upstream_budget WHERE id = 1
          ) n
          WHERE b.id = 1`.execute(db);
      } catch (err) {
        failed(err, 'back-off');
      }
    },

    async succeeded(): Promise<void> {
      fallback.succeeded();
      try {
        await sql`UPDATE market_upstream_budget SET backoff_ms = 0 WHERE id = 1 AND backoff_ms <> 0`.execute(
          db,
        );
      } catch (err) {
        failed(err, 'reset');
      }
    },
  };
};
