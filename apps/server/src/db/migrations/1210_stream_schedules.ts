import { type Kysely, sql } from 'kysely';

/**
 * Scheduled streams (issue 35 item 3): a stream's next broadcast (one per stream; scheduling again replaces it),
 * and the wallets that asked to be reminded of it. `reminded_at` is set by the one instance that sends the
 * reminders (under the `schedule-reminders` leader lock, claimed in the same UPDATE), so they go out once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stream_schedules (
      stream_id text PRIMARY KEY REFERENCES streams(mint) ON DELETE CASCADE,
      title text NOT NULL,
      starts_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      reminded_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX stream_schedules_starts_idx ON stream_schedules (starts_at)`.execute(db);
  await sql`
    CREATE TABLE schedule_reminders (
      stream_id text NOT NULL REFERENCES stream_schedules(stream_id) ON DELETE CASCADE,
      user_address text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stream_id, user_address)
    )`.execute(db);
  await sql`CREATE INDEX schedule_reminders_user_idx ON schedule_reminders (user_address)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE schedule_reminders`.execute(db);
  await sql`DROP TABLE stream_schedules`.execute(db);
}
