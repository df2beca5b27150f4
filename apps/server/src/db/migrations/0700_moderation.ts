import { type Kysely, sql } from 'kysely';

/**
 * Moderation (issue 16): NSFW and hidden streams, per-stream chat settings, moderators and bans,
 * site-wide bans, reports and the admins' audit log. Everything an instance enforces lives here, so
 * every instance enforces the same rules.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE streams ADD COLUMN is_nsfw boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE streams ADD COLUMN hidden_at timestamptz`.execute(db);
  await sql`
    CREATE TABLE chat_settings (
      stream_id text PRIMARY KEY REFERENCES streams(mint) ON DELETE CASCADE,
      slow_mode_seconds integer NOT NULL DEFAULT 0 CHECK (slow_mode_seconds BETWEEN 0 AND 120),
      followers_only boolean NOT NULL DEFAULT false,
      banned_words text[] NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE stream_moderators (
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      address text NOT NULL,
      added_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stream_id, address)
    )`.execute(db);
  await sql`
    CREATE TABLE chat_bans (
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      user_address text NOT NULL,
      banned_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stream_id, user_address)
    )`.execute(db);
  await sql`
    CREATE TABLE platform_bans (
      address text PRIMARY KEY,
      reason text NOT NULL,
      banned_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE reports (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      reporter text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('stream', 'message')),
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      message_id bigint,
      message_author text,
      message_content text,
      message_created_at timestamptz,
      reason text NOT NULL,
      details text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      resolved_by text
    )`.execute(db);
  // One report per wallet per target (a stream, or one message of it).
  await sql`CREATE UNIQUE INDEX reports_one_per_target ON reports (reporter, stream_id, coalesce(message_id, 0))`.execute(
    db,
  );
  await sql`CREATE INDEX reports_newest ON reports (id DESC)`.execute(db);
  await sql`CREATE INDEX reports_by_reporter ON reports (reporter, created_at)`.execute(db);
  await sql`
    CREATE TABLE admin_actions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      admin text NOT NULL,
      action text NOT NULL,
      target text NOT NULL,
      reason text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Slow mode looks up a wallet's latest message in one stream.
  await sql`CREATE INDEX IF NOT EXISTS messages_stream_author_newest ON messages (stream_id, user_address, id DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS messages_stream_author_newest`.execute(db);
  for (const table of [
    'admin_actions',
    'reports',
    'platform_bans',
    'chat_bans',
    'stream_moderators',
    'chat_settings',
  ])
    await sql`DROP TABLE IF EXISTS ${sql.raw(table)}`.execute(db);
  await sql`ALTER TABLE streams DROP COLUMN IF EXISTS hidden_at, DROP COLUMN IF EXISTS is_nsfw`.execute(db);
}
