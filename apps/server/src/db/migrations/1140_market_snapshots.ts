import { type Kysely, sql } from 'kysely';

/**
 * The token's price while its stream is live (issue 30: the replay's price chart). One row per market-data
 * fetch of a live stream's token; pruned with the recordings' retention.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE market_snapshots (
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      at timestamptz NOT NULL,
      price_usd double precision NOT NULL,
      market_cap double precision NOT NULL,
      PRIMARY KEY (stream_id, at)
    )`.execute(db);
  await sql`CREATE INDEX market_snapshots_at ON market_snapshots (at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE market_snapshots`.execute(db);
}
