import { type Kysely, sql } from 'kysely';

/**
 * The stream key, sealed (AES-256-GCM under a key derived from the media server's API secret), beside its
 * hash: the creator can see it again after a reload, as OBS users expect (issue 29 item 8). Keys made before
 * this have none and can only be regenerated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stream_keys ADD COLUMN key_sealed text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stream_keys DROP COLUMN key_sealed`.execute(db);
}
