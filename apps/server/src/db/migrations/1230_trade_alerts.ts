import { type Kysely, sql } from 'kysely';

/**
 * Buy and sell alerts (issue 34 item 1, decision 028).
 * - streams: the creator's settings (on by default, 0.05 BNB threshold, whale threshold or 10×).
 * - messages.trade: an alert line's trade (side, BNB, trader, whale, from this stream, removed by a reorg).
 * - trade_swaps: every swap seen on a live stream's pair, keyed by (tx_hash, log_index) so a log delivered twice
 *   (a re-poll, a second instance, a reorg that brings it back) is never alerted twice; block_hash marks it
 *   removed when a reorg drops its block. Below-threshold swaps are kept too (the page's volume counts them).
 * - trade_reports: hashes the stream page's trade panel reported (who sent them from which stream).
 * - trade_alert_pairs: each token's pair, read once from the factory (null: no pair).
 * - trade_alert_watch: the leader's cursor (last block read) and whether the chain node answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE streams ADD COLUMN trade_alerts_enabled boolean NOT NULL DEFAULT true`.execute(db);
  await sql`ALTER TABLE streams ADD COLUMN trade_alert_min_wei numeric(78, 0) NOT NULL DEFAULT 50000000000000000
    CHECK (trade_alert_min_wei > 0)`.execute(db);
  await sql`ALTER TABLE streams ADD COLUMN trade_alert_whale_wei numeric(78, 0) CHECK (trade_alert_whale_wei > 0)`.execute(
    db,
  );
  await sql`ALTER TABLE messages ADD COLUMN trade jsonb`.execute(db);
  await sql`
    CREATE TABLE trade_swaps (
      tx_hash text NOT NULL,
      log_index integer NOT NULL,
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      pair text NOT NULL,
      block_number bigint NOT NULL,
      block_hash text NOT NULL,
      side text NOT NULL CHECK (side IN ('buy', 'sell')),
      bnb_wei numeric(78, 0) NOT NULL,
      trader text,
      message_id bigint,
      removed boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tx_hash, log_index)
    )`.execute(db);
  await sql`CREATE INDEX trade_swaps_stream_idx ON trade_swaps (stream_id)`.execute(db);
  await sql`CREATE INDEX trade_swaps_block_idx ON trade_swaps (block_number)`.execute(db);
  await sql`
    CREATE TABLE trade_reports (
      tx_hash text PRIMARY KEY,
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      reporter text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX trade_reports_stream_idx ON trade_reports (stream_id)`.execute(db);
  await sql`
    CREATE TABLE trade_alert_pairs (
      token text PRIMARY KEY,
      pair text,
      token_is_token0 boolean,
      checked_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE trade_alert_watch (
      id integer PRIMARY KEY CHECK (id = 1),
      last_block bigint,
      ok_at timestamptz,
      failed_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS trade_alert_watch`.execute(db);
  await sql`DROP TABLE IF EXISTS trade_alert_pairs`.execute(db);
  await sql`DROP TABLE IF EXISTS trade_reports`.execute(db);
  await sql`DROP TABLE IF EXISTS trade_swaps`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN IF EXISTS trade`.execute(db);
  await sql`ALTER TABLE streams DROP COLUMN IF EXISTS trade_alert_whale_wei`.execute(db);
  await sql`ALTER TABLE streams DROP COLUMN IF EXISTS trade_alert_min_wei`.execute(db);
  await sql`ALTER TABLE streams DROP COLUMN IF EXISTS trade_alerts_enabled`.execute(db);
}
