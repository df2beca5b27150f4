import { type Kysely, sql } from 'kysely';

/**
 * Raids (issue 35 item 4): a creator ending a broadcast sends its audience to another live stream, whose chat
 * gets a system line "Raided by X with N viewers". messages.raid holds that line's raid (the stream it came
 * from, who raided, how many viewers), so the line is rendered in each viewer's language and survives reload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages ADD COLUMN raid jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages DROP COLUMN IF EXISTS raid`.execute(db);
}
