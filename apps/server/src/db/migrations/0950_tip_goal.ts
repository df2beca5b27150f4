import { type Kysely, sql } from 'kysely';

/**
 * A stream's tip goal (issue 34 item 2): the amount its creator aims for, and when it was set — the tips since
 * then count toward it, so setting a new goal starts a new bar.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE streams ADD COLUMN tip_goal_wei numeric(78, 0) CHECK (tip_goal_wei > 0)`.execute(db);
  await sql`ALTER TABLE streams ADD COLUMN tip_goal_set_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE streams DROP COLUMN tip_goal_set_at`.execute(db);
  await sql`ALTER TABLE streams DROP COLUMN tip_goal_wei`.execute(db);
}
