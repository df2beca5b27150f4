import { type Kysely, sql } from 'kysely';

/**
 * One row: the market-data budget shared by every server instance on this database (a token bucket and the
 * 429 back-off), so that all of them together stay under the upstream's 300 requests a minute.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE market_upstream_budget (
      id smallint PRIMARY KEY CHECK (id = 1),
      tokens double precision NOT NULL,
      refilled_at timestamptz NOT NULL DEFAULT now(),
      blocked_until timestamptz NOT NULL DEFAULT '-infinity',
      backoff_ms integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`INSERT INTO market_upstream_budget (id, tokens) VALUES (1, 30)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS market_upstream_budget`.execute(db);
}
