import { type Kysely, sql } from 'kysely';

/**
 * Clips (issue 30): a few seconds cut from a recording into an MP4 and a poster JPEG (`file_path` and
 * `poster_path`, relative to the recordings folder). A removed clip keeps its row (`deleted_at`, `deleted_by`) so
 * its page can say so. `clip_settings` holds the creator's switch; no row = viewers may clip (the default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE clips (
      id uuid PRIMARY KEY,
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      recording_id uuid REFERENCES recordings(id) ON DELETE SET NULL,
      created_by text NOT NULL,
      title text NOT NULL,
      start_ms integer NOT NULL,
      duration_ms integer NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      file_path text NOT NULL UNIQUE,
      poster_path text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      deleted_by text
    )`.execute(db);
  await sql`CREATE INDEX clips_stream_created ON clips (stream_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX clips_creator_created ON clips (created_by, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE clip_settings (
      stream_id text PRIMARY KEY REFERENCES streams(mint) ON DELETE CASCADE,
      enabled boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS clip_settings`.execute(db);
  await sql`DROP TABLE IF EXISTS clips`.execute(db);
}
