import { type Kysely, sql } from 'kysely';

/**
 * One b-tree per list order the API offers (issue 19), every column descending so a keyset cursor is one
 * row comparison, `(a, b, mint) < ($1, $2, $3)`, which the index answers as a range: the first page and
 * page 50 cost the same. The live variants serve `?live=` and the search order (live first, then market
 * cap). Replaces 0001's market-cap and participants indexes, whose `mint` ran ascending.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS streams_live_mcap_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS streams_participants_idx`.execute(db);
  // sort=market_cap
  await sql`CREATE INDEX streams_mcap_idx ON streams (usd_market_cap DESC, mint DESC)`.execute(db);
  // sort=activity, sort=market_cap&live=…, search
  await sql`CREATE INDEX streams_live_mcap_idx ON streams (is_currently_live DESC, usd_market_cap DESC, mint DESC)`.execute(
    db,
  );
  // sort=participants
  await sql`CREATE INDEX streams_participants_idx ON streams (num_participants DESC, usd_market_cap DESC, mint DESC)`.execute(
    db,
  );
  // sort=participants&live=…
  await sql`CREATE INDEX streams_live_participants_idx ON streams (is_currently_live, num_participants DESC, usd_market_cap DESC, mint DESC)`.execute(
    db,
  );
  // sort=newest keeps 0001's streams_live_newest_idx (is_currently_live DESC, created_at DESC, mint DESC).
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'streams_mcap_idx',
    'streams_live_mcap_idx',
    'streams_participants_idx',
    'streams_live_participants_idx',
  ])
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
  await sql`CREATE INDEX streams_live_mcap_idx ON streams (is_currently_live DESC, usd_market_cap DESC, mint)`.execute(
    db,
  );
  await sql`CREATE INDEX streams_participants_idx ON streams (num_participants DESC, usd_market_cap DESC, mint)`.execute(
    db,
  );
}
