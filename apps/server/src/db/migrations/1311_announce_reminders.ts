import { type Kysely, sql } from 'kysely';

/**
 * Issue 35 item 2: a creator chooses whether the reminders of the stream's scheduled broadcasts are posted to its
 * Telegram channel and Discord webhook too (go-lives always are). Off unless chosen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE announce_targets ADD COLUMN post_reminders boolean NOT NULL DEFAULT false`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE announce_targets DROP COLUMN IF EXISTS post_reminders`.execute(db);
}
