import { type Kysely, sql } from 'kysely';

/**
 * The end-of-stream recap says where a raid sent the audience (issue 35): it looks up the raid line the
 * broadcast posted in another stream's chat by the stream it came from. Raid lines are few among messages: a
 * partial index on their origin keeps that lookup off the messages table's bulk.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX messages_raid_from_idx ON messages ((raid->>'from'), created_at) WHERE raid IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS messages_raid_from_idx`.execute(db);
}
