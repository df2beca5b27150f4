import { type Kysely, sql } from 'kysely';

/**
 * Stream keys for WHIP ingest (issue 15): one per stream, only its sha256 is kept (the key is shown once).
 * With an external LiveKit the key is the ingress's, and `ingress_id` names the ingress to delete when the key
 * is regenerated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stream_keys (
      stream_id text PRIMARY KEY REFERENCES streams(mint) ON DELETE CASCADE,
      key_hash text NOT NULL,
      whip_url text,
      ingress_id text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS stream_keys`.execute(db);
}
