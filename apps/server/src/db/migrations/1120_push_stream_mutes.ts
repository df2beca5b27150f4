import { type Kysely, sql } from 'kysely';

/** Per-stream push switch (issue 35 item 1): a follower keeps following a stream but gets no push for it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE push_stream_mutes (
      user_address text NOT NULL,
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stream_id, user_address)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE push_stream_mutes`.execute(db);
}
