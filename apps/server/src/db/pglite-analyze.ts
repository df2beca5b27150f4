import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/** How often the embedded database's tables are checked for statistics gone stale. */
export const PGLITE_ANALYZE_EVERY_MS = 10 * 60_000;

/**
 * The embedded database (PGlite) runs no autovacuum, so nothing ever ran ANALYZE in production: the planner
 * guessed row counts from nothing, and plans that rest on statistics (search's trigram lookup, migration 1200;
 * the list sorts) were the bench's only (issue 36). This applies autovacuum's own analyze rule
 * (`autovacuum_analyze_threshold` 50 + `autovacuum_analyze_scale_factor` 0.1 of the table's rows): a table whose
 * rows changed since its last ANALYZE by more than that is analyzed again. Returns the tables analyzed.
 *
 * PGlite runs statements in the server's thread: ANALYZE of a large table holds it for a moment (the streams
 * table at 100k rows samples up to 300k rows for the search index), which the rule keeps to when a tenth of it
 * has changed. On PostgreSQL autovacuum does this; the server does not call it there.
 */
export const analyzeStaleTables = async (db: Kysely<Database>): Promise<string[]> => {
  const stale = await sql<{ relname: string }>`
    SELECT relname FROM pg_stat_user_tables
    WHERE schemaname = current_schema() AND n_mod_since_analyze > 50 + 0.1 * n_live_tup
    ORDER BY relname`.execute(db);
  const tables = stale.rows.map((r) => r.relname);
  for (const table of tables) await sql`ANALYZE ${sql.id(table)}`.execute(db);
  return tables;
};

/**
 * Checks now and then every `everyMs` (unref'd) while the app runs; `stop` waits for a pass under way.
 * Failures are logged and the next pass tries again.
 */
export const startPgliteAnalyze = (opts: {
  db: Kysely<Database>;
  everyMs: number;
  log: { warn: (o: object, m: string) => void };
}) => {
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= analyzeStaleTables(opts.db)
      .then(
        () => undefined,
        (err: unknown) => opts.log.warn({ err }, 'database: ANALYZE of stale tables failed'),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void pass(), opts.everyMs);
  timer.unref();
  void pass();
  return {
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
};
