import { type Kysely, sql } from 'kysely';

/**
 * Crypto-chat safety (issue 34 item 5): the creator's link allowlist (links are off by default), Shield mode,
 * and the per-stream moderation log (who did what, when, to whom).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE chat_settings
      ADD COLUMN link_allowlist text[] NOT NULL DEFAULT '{}',
      ADD COLUMN shield boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE moderation_log (
      id bigserial PRIMARY KEY,
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      actor text NOT NULL,
      action text NOT NULL,
      target text,
      detail text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX moderation_log_stream ON moderation_log (stream_id, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE moderation_log`.execute(db);
  await sql`ALTER TABLE chat_settings DROP COLUMN link_allowlist, DROP COLUMN shield`.execute(db);
}
