import { type Kysely, sql } from 'kysely';

/**
 * Search's plan rests on how many rows the planner expects `lower(name‖symbol‖description) LIKE '%term%'` to
 * match, which it reads off the search index expression's histogram: with the default 100 buckets one
 * histogram value holding the term makes it expect 1 % of the table, and it then walks the list order's
 * index to collect the page, reading the whole table for a term that matches eleven rows (issue 36: 200 ms
 * per `tk8841` on PGlite at 100k streams). With 1,000 buckets ANALYZE samples up to 300k rows (the whole
 * table until then) and a rare term is estimated as rare, so it is looked up in the trigram index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER INDEX streams_search_trgm_idx ALTER COLUMN 1 SET STATISTICS 1000`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER INDEX streams_search_trgm_idx ALTER COLUMN 1 SET STATISTICS -1`.execute(db);
}
