import { type Kysely, sql } from 'kysely';

/**
 * Where a stream's go-live is posted besides Web Push (issue 35 item 2): a Telegram channel (bot token + chat
 * id) and a Discord webhook. The bot token and the webhook URL are credentials: stored sealed (AES-256-GCM,
 * auth/secret-box.ts), never returned by the API.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE announce_targets (
      stream_id text PRIMARY KEY REFERENCES streams(mint) ON DELETE CASCADE,
      telegram_chat_id text,
      telegram_bot_token_sealed text,
      discord_webhook_sealed text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE announce_targets`.execute(db);
}
