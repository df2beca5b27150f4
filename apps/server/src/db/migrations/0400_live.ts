import { type Kysely, sql } from 'kysely';

/**
 * Live video state kept from media webhooks, and the cards' live thumbnails.
 * Both live in the database (not in process memory or on local disk) because the server runs as N
 * stateless instances behind a load balancer: any instance may receive a webhook or serve a card picture.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE live_participants (
      room_name text NOT NULL,
      identity text NOT NULL,
      sid text NOT NULL,
      role text NOT NULL,
      joined_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (room_name, identity)
    )`.execute(db);
  await sql`
    CREATE TABLE stream_thumbnails (
      mint text PRIMARY KEY REFERENCES streams(mint) ON DELETE CASCADE,
      content_type text NOT NULL,
      bytes bytea NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS stream_thumbnails`.execute(db);
  await sql`DROP TABLE IF EXISTS live_participants`.execute(db);
}
