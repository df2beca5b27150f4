import { type Kysely, sql } from 'kysely';

/**
 * Sign-in: single-use SIWE nonces, sessions (one per sign-in, the "family" of its refresh tokens) and
 * refresh tokens stored only as SHA-256 hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE auth_nonces (
      nonce text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX auth_nonces_expires_idx ON auth_nonces (expires_at)`.execute(db);

  await sql`
    CREATE TABLE auth_sessions (
      id uuid PRIMARY KEY,
      address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      refreshed_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_reason text
    )`.execute(db);
  await sql`CREATE INDEX auth_sessions_address_idx ON auth_sessions (address) WHERE revoked_at IS NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE auth_refresh_tokens (
      token_hash text PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX auth_refresh_tokens_session_idx ON auth_refresh_tokens (session_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['auth_refresh_tokens', 'auth_sessions', 'auth_nonces']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
}
