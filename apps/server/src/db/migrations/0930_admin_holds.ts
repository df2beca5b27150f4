import { type Kysely, sql } from 'kysely';

/**
 * Admin decisions a creator cannot undo (issue 28): `nsfw_by_admin` keeps an admin's NSFW mark through the
 * creator's upserts, and `live_blocked_at` (set when an admin ends a broadcast) keeps the stream offline,
 * whichever path tries to set it live, until an admin allows it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE streams ADD COLUMN nsfw_by_admin boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE streams ADD COLUMN live_blocked_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE streams DROP COLUMN live_blocked_at`.execute(db);
  await sql`ALTER TABLE streams DROP COLUMN nsfw_by_admin`.execute(db);
}
