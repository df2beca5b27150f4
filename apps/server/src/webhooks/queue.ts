import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';

/**
 * pg-boss (a maintained PostgreSQL job queue: SKIP LOCKED fetches, retries with exponential back-off, expiry of
 * jobs whose worker died) on the app's own database handle, through pg-boss's `db` adapter (`executeSql`), so it
 * runs on PostgreSQL and on the embedded PGlite alike (decision 029).
 *
 * PGlite has one session: statements go through the app's single-connection pool, so a pg-boss statement never
 * lands inside another caller's transaction. pg-boss's schema scripts are several statements in one string
 * (BEGIN; …; COMMIT), which PGlite runs with `exec` (its `query` takes one statement).
 */
export const queueDb = (database: DatabaseHandle): PgBoss.Db => {
  const { db, pglite } = database;
  if (!pglite)
    return {
      executeSql: async (text, values) => db.executeQuery(CompiledQuery.raw(text, values ?? [])),
    };
  return {
    executeSql: (text, values) =>
      db.connection().execute(async () => {
        if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }),
  };
};

/** pg-boss's schema beside the app's: its own on PostgreSQL (per test schema too), `pgboss` otherwise. */
export const queueSchema = (database: DatabaseHandle): string =>
  database.target.kind === 'postgres' && database.target.schema
    ? `${database.target.schema}_pgboss`
    : 'pgboss';

export const createQueue = (
  database: DatabaseHandle,
  opts: { maintenanceIntervalSeconds?: number } = {},
): PgBoss =>
  new PgBoss({
    db: queueDb(database),
    schema: queueSchema(database),
    // No cron schedules here: the timekeeper's clock-skew checks would be idle work.
    schedule: false,
    // Maintenance fails jobs whose worker vanished (expired), so they are retried: at least once.
    supervise: true,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 60,
    archiveCompletedAfterSeconds: 60 * 60,
  });
