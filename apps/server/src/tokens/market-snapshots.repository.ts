import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface MarketSnapshot {
  mint: string;
  priceUsd: number;
  marketCap: number;
}

/** Most points a replay's chart gets (one per fetch: about one per 15–60 s of broadcast). */
export const PRICE_SERIES_LIMIT = 5_000;

/** SQL of the price recorded while streams are live, for the replays' charts. */
export const createMarketSnapshots = (db: Kysely<Database>) => ({
  /** Keep these figures, fetched at `at`, for each token whose stream is live now; others are skipped. */
  async record(items: readonly MarketSnapshot[], at: Date): Promise<void> {
    const rows = items.filter((i) => Number.isFinite(i.priceUsd) && Number.isFinite(i.marketCap));
    if (rows.length === 0) return;
    const values = sql.join(rows.map((r) => sql`(${r.mint}, ${r.priceUsd}::float8, ${r.marketCap}::float8)`));
    await sql`
      INSERT INTO market_snapshots (stream_id, at, price_usd, market_cap)
      SELECT s.mint, ${at}, v.price, v.cap
      FROM (VALUES ${values}) AS v(mint, price, cap)
      JOIN streams s ON s.mint = v.mint AND s.is_currently_live
      ON CONFLICT DO NOTHING`.execute(db);
  },

  /** A stream's points from `from` to `to`, oldest first, with the last one before `from` (the chart's start). */
  async between(mint: string, from: Date, to: Date) {
    const before = db
      .selectFrom('market_snapshots')
      .select(['at', 'price_usd', 'market_cap'])
      .where('stream_id', '=', mint)
      .where('at', '<', from)
      .orderBy('at', 'desc')
      .limit(1);
    const during = db
      .selectFrom('market_snapshots')
      .select(['at', 'price_usd', 'market_cap'])
      .where('stream_id', '=', mint)
      .where('at', '>=', from)
      .where('at', '<=', to)
      .orderBy('at')
      .limit(PRICE_SERIES_LIMIT);
    const [first, rest] = await Promise.all([before.execute(), during.execute()]);
    return [...first, ...rest];
  },

  async prune(before: Date): Promise<void> {
    await db.deleteFrom('market_snapshots').where('at', '<', before).execute();
  },
});

export type MarketSnapshots = ReturnType<typeof createMarketSnapshots>;
