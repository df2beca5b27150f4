import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

/**
 * Moves the shared market-data budget `ms` into the future: the budget counts on the database's clock, so
 * every time it stored (back-off end, last refill) moves back by as much. A test sees a back-off end or the
 * bucket refill without waiting for it.
 */
export const advanceBudgetClock = async (db: Kysely<Database>, ms: number): Promise<void> => {
  const by = sql`make_interval(secs => ${ms / 1000}::float8)`;
  await sql`UPDATE market_upstream_budget SET blocked_until = blocked_until - ${by}, refilled_at = refilled_at - ${by}`.execute(
    db,
  );
};
