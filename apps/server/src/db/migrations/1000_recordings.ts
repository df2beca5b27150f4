import { type Kysely, sql } from 'kysely';

/**
 * Recordings of broadcasts (issue 30). One row per recording the media server was asked for (participant
 * egress), keyed by the file it writes (`file_path`, relative to the recordings folder, named by the row's id).
 * A deleted recording keeps its row (`deleted_at`, `deleted_by`) so its replay page can say it was removed;
 * its file is gone. `recording_settings` holds the creator's switch; no row = record (the default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE recordings (
      id uuid PRIMARY KEY,
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      file_path text NOT NULL UNIQUE,
      egress_id text,
      status text NOT NULL CHECK (status IN ('recording', 'ready', 'failed')),
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      duration_ms integer,
      size_bytes bigint,
      deleted_at timestamptz,
      deleted_by text
    )`.execute(db);
  await sql`CREATE INDEX recordings_stream_started ON recordings (stream_id, started_at DESC)`.execute(db);
  // Retention walks finished recordings oldest first.
  await sql`CREATE INDEX recordings_kept_started ON recordings (started_at) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE recording_settings (
      stream_id text PRIMARY KEY REFERENCES streams(mint) ON DELETE CASCADE,
      enabled boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS recording_settings`.execute(db);
  await sql`DROP TABLE IF EXISTS recordings`.execute(db);
}
