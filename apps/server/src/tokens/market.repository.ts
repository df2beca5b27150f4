import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface RefreshCandidate {
  mint: string;
  name: string;
  symbol: string;
  image_uri: string | null;
  usd_market_cap: number;
}

/** SQL of the market-data feature (reads and touches `streams`), and nothing else. */
export const createMarketRepository = (db: Kysely<Database>) => ({
  /** Mark a stream as viewed now; a no-op when the address is not a stream's mint. */
  async touchViewed(mint: string): Promise<void> {
    await db.updateTable('streams').set({ last_viewed_at: sql`now()` }).where('mint', '=', mint).execute();
  },

  /** Streams whose market figures are worth keeping current: live, or viewed within `viewedWithinMs`. */
  async refreshCandidates(viewedWithinMs: number, limit: number): Promise<RefreshCandidate[]> {
    const since = new Date(Date.now() - viewedWithinMs);
    return db
      .selectFrom('streams')
      .select(['mint', 'name', 'symbol', 'image_uri', 'usd_market_cap'])
      .where((eb) => eb.or([eb('is_currently_live', '=', true), eb('last_viewed_at', '>', since)]))
      .orderBy('is_currently_live', 'desc')
      .orderBy('last_viewed_at', (ob) => ob.desc().nullsLast())
      .limit(limit)
      .execute();
  },
});

export type MarketRepository = ReturnType<typeof createMarketRepository>;
