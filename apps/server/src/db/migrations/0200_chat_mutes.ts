import { type Kysely, sql } from 'kysely';

/** Host moderation: an address muted in one stream's chat until a time. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chat_mutes (
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      user_address text NOT NULL,
      muted_until timestamptz NOT NULL,
      muted_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stream_id, user_address)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS chat_mutes`.execute(db);
}
