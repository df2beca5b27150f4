import { type Kysely, sql } from 'kysely';

/** Streams, chat messages, likes, subscriptions and profiles, with the indexes for list orderings and search. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
  await sql`
    CREATE TABLE streams (
      mint text PRIMARY KEY CHECK (mint ~ '^0x[0-9a-f]{40}$'),
      name text NOT NULL,
      symbol text NOT NULL,
      description text,
      image_uri text,
      metadata_uri text,
      twitter text,
      telegram text,
      website text,
      thumbnail text,
      creator_address text,
      is_currently_live boolean NOT NULL DEFAULT false,
      num_participants integer NOT NULL DEFAULT 0,
      usd_market_cap double precision NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      last_viewed_at timestamptz
    )`.execute(db);
  // Home and explore: live first, then newest (mint breaks ties for a stable keyset cursor).
  await sql`CREATE INDEX streams_live_newest_idx ON streams (is_currently_live DESC, created_at DESC, mint DESC)`.execute(
    db,
  );
  // Search and trending: live first, then market cap.
  await sql`CREATE INDEX streams_live_mcap_idx ON streams (is_currently_live DESC, usd_market_cap DESC, mint)`.execute(
    db,
  );
  await sql`CREATE INDEX streams_participants_idx ON streams (num_participants DESC, usd_market_cap DESC, mint)`.execute(
    db,
  );
  // Case-insensitive contains-search on name, symbol and description.
  await sql`CREATE INDEX streams_search_trgm_idx ON streams USING gin ((lower(name || E'\n' || symbol || E'\n' || coalesce(description, ''))) gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX streams_creator_idx ON streams (creator_address)`.execute(db);

  await sql`
    CREATE TABLE profiles (
      address text PRIMARY KEY,
      username text UNIQUE,
      profile_image text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
      user_address text NOT NULL,
      username text,
      profile_image text,
      content text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX messages_stream_newest_idx ON messages (stream_id, id DESC)`.execute(db);

  for (const table of ['likes', 'subscriptions']) {
    await sql`
      CREATE TABLE ${sql.table(table)} (
        stream_id text NOT NULL REFERENCES streams(mint) ON DELETE CASCADE,
        user_address text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (stream_id, user_address)
      )`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${table}_user_idx`)} ON ${sql.table(table)} (user_address, created_at DESC)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['likes', 'subscriptions', 'messages', 'profiles', 'streams']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
}
