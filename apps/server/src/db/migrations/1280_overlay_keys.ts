import { type Kysely, sql } from 'kysely';

/**
 * OBS overlay keys (issue 34 item 3, decision 031): one per stream, the secret part of its overlay URLs. Kept as
 * its sha256 (what a request is looked up by) and sealed (auth/secret-box.ts) so the cockpit can show the URLs
 * again; regenerating replaces both, and the old URLs answer 404.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE overlay_keys (
      stream_id text PRIMARY KEY REFERENCES streams(mint) ON DELETE CASCADE,
      key_hash text NOT NULL UNIQUE,
      key_sealed text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS overlay_keys`.execute(db);
}
