import { type Kysely, sql } from 'kysely';

/**
 * Clips can be reported like streams and chat messages (issue 30): a report names the clip, one per wallet per
 * clip. A removed clip keeps its reports (the admin sees what was reported and that it is gone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reports DROP CONSTRAINT reports_kind_check`.execute(db);
  await sql`ALTER TABLE reports ADD CONSTRAINT reports_kind_check CHECK (kind IN ('stream', 'message', 'clip'))`.execute(
    db,
  );
  await sql`ALTER TABLE reports ADD COLUMN clip_id uuid REFERENCES clips(id) ON DELETE CASCADE`.execute(db);
  await sql`DROP INDEX reports_one_per_target`.execute(db);
  await sql`
    CREATE UNIQUE INDEX reports_one_per_target
      ON reports (reporter, stream_id, coalesce(message_id, 0), coalesce(clip_id, '00000000-0000-0000-0000-000000000000'))
  `.execute(db);
}
