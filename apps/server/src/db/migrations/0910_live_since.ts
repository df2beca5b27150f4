import { type Kysely, sql } from 'kysely';

/**
 * Audience on cards (issue 15): when the current broadcast started, so lists can say how long a stream has
 * been live. Set when the live flag turns on, cleared when it turns off (streams.repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE streams ADD COLUMN live_since timestamptz`.execute(db);
  // Streams live at migration time count from now: their real start was never recorded.
  await sql`UPDATE streams SET live_since = now() WHERE is_currently_live`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE streams DROP COLUMN live_since`.execute(db);
}
