import { type Kysely, sql } from 'kysely';

/**
 * The end-of-stream recap (issue 29 item 9): the last broadcast's start and end, and the most viewers it had
 * at once. `live_since` is cleared when a stream goes offline, so the recap needs a start that outlives it;
 * the streams repository keeps all three as the live flag and the viewer count change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE streams ADD COLUMN peak_participants integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE streams ADD COLUMN last_live_started_at timestamptz`.execute(db);
  await sql`ALTER TABLE streams ADD COLUMN last_live_ended_at timestamptz`.execute(db);
  await sql`UPDATE streams SET last_live_started_at = live_since, peak_participants = num_participants WHERE is_currently_live`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE streams DROP COLUMN last_live_ended_at`.execute(db);
  await sql`ALTER TABLE streams DROP COLUMN last_live_started_at`.execute(db);
  await sql`ALTER TABLE streams DROP COLUMN peak_participants`.execute(db);
}
