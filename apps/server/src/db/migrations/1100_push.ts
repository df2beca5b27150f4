import { type Kysely, sql } from 'kysely';

/**
 * Web Push (issue 35 item 1): each browser a wallet allowed notifications in (one row per push endpoint), and
 * the outbox of go-live announcements that the leader instance sends (push now, Telegram and Discord next), so
 * a broadcast is announced once whichever instance its creator went live on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE push_subscriptions (
      endpoint text PRIMARY KEY,
      user_address text NOT NULL,
      p256dh text NOT NULL,
      auth text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_address)`.execute(db);
  await sql`
    CREATE TABLE announce_outbox (
      id bigserial PRIMARY KEY,
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      claimed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX announce_outbox_pending_idx ON announce_outbox (id) WHERE claimed_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE announce_outbox`.execute(db);
  await sql`DROP TABLE push_subscriptions`.execute(db);
}
