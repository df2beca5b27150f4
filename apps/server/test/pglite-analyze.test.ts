import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeStaleTables } from '../src/db/pglite-analyze.ts';
import { createStream } from './support/builders.ts';
import { eventually } from './support/multi-instance.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

/**
 * The embedded database has no autovacuum (issue 36): the server analyzes tables whose rows changed by more
 * than autovacuum's rule, so the planner has statistics in production too. PostgreSQL's autovacuum does this
 * there, and the server leaves it alone.
 */
const onPglite = databaseKind() === 'pglite';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ pgliteAnalyzeEveryMs: 100 });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const plannerRows = async (table: string): Promise<number> => {
  const r = await sql<{ reltuples: number }>`
    SELECT reltuples FROM pg_class WHERE oid = ${table}::regclass`.execute(t.database.db);
  return Number(r.rows[0]?.reltuples ?? -1);
};

describe.runIf(onPglite)('planner statistics on the embedded database', () => {
  it('a table that grew is analyzed by the running server, without any request', async () => {
    const before = await plannerRows('streams');
    for (let i = 0; i < 300; i++) await createStream(t.database.db);
    // The counters reach pg_stat_user_tables about a second after the writes; the server's next pass then
    // analyzes the table, which gives the planner its new size.
    await eventually(async () => (await plannerRows('streams')) >= before + 300, 30_000);
    const stats = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'streams'`.execute(
      t.database.db,
    );
    expect(stats.rows[0]?.n).toBeGreaterThan(0);
  });

  it('a table changed by less than 50 rows + 10 % is left as it is', async () => {
    await eventually(async () => (await analyzeStaleTables(t.database.db)).length === 0, 30_000);
    await createStream(t.database.db);
    expect(await analyzeStaleTables(t.database.db)).not.toContain('streams');
  });
});
