import { type Kysely, sql } from 'kysely';

/**
 * Tips (issue 18): one row per verified BNB transfer to a stream's creator. The transaction hash is the key,
 * so a hash can be counted once, ever — even when two instances verify it at the same moment. Its chat message
 * carries the amount and hash for the highlight; the tips row stays if a host deletes that message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tips (
      tx_hash text PRIMARY KEY,
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      from_address text NOT NULL,
      to_address text NOT NULL,
      amount_wei numeric(78, 0) NOT NULL CHECK (amount_wei > 0),
      message_id bigint,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX tips_stream_idx ON tips (stream_id)`.execute(db);
  await sql`ALTER TABLE messages ADD COLUMN tip_wei text, ADD COLUMN tip_tx_hash text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages DROP COLUMN IF EXISTS tip_wei, DROP COLUMN IF EXISTS tip_tx_hash`.execute(
    db,
  );
  await sql`DROP TABLE IF EXISTS tips`.execute(db);
}
