import { type Kysely, sql } from 'kysely';

/** The chat posting limit counts an author's recent messages across every instance: newest per author. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX messages_author_recent_idx ON messages (user_address, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS messages_author_recent_idx`.execute(db);
}
