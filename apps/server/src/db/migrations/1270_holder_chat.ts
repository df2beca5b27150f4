import { type Kysely, sql } from 'kysely';

/**
 * Holder-aware chat (issue 34 item 4, decision 030): one row per stream whose creator set holder tiers or a holder
 * chat mode. `tiers` is a JSON array of at most three { name, kind: 'amount' | 'share', value } (validated by the
 * API); balances are read on chain and cached in memory, never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE holder_chat_settings (
      stream_id text PRIMARY KEY REFERENCES streams(mint) ON DELETE CASCADE,
      tiers jsonb NOT NULL DEFAULT '[]'::jsonb,
      holders_only boolean NOT NULL DEFAULT false,
      nonholder_slow_seconds integer NOT NULL DEFAULT 0 CHECK (nonholder_slow_seconds BETWEEN 0 AND 600),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
