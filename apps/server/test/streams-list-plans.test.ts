import type { TStreamSort } from '@mintcast/contracts';
import { type KyselyPlugin, QueryNode, SelectQueryNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStreamsRepository, type ListCursor } from '../src/streams/streams.repository.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

/**
 * Issue 19: every list order the API offers has an index that yields its rows in order, so the first page
 * and page 50 (a keyset cursor) cost an index range, not a sort of the whole table. Checked on the plans of
 * the repository's own queries, with sequential scans and sorts priced out: a plan still holding a Sort
 * means no index can give that order.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 30; i++)
    await createStream(t.database.db, { is_currently_live: i % 3 === 0, usd_market_cap: i * 10 });
  await sql`ANALYZE streams`.execute(t.database.db);
});
afterAll(() => t?.close());

/** Runs every SELECT as EXPLAIN: the repository's rows come back as plan lines. */
const explainSelects: KyselyPlugin = {
  transformQuery: ({ node }) =>
    SelectQueryNode.is(node) ? QueryNode.cloneWithExplain(node, undefined, undefined) : node,
  transformResult: async ({ result }) => result,
};

const planOf = (run: (repo: ReturnType<typeof createStreamsRepository>) => Promise<unknown[]>) =>
  t.database.db.connection().execute(async (conn) => {
    await sql`SET enable_seqscan = off`.execute(conn);
    await sql`SET enable_sort = off`.execute(conn);
    try {
      const rows = (await run(createStreamsRepository(conn.withPlugin(explainSelects)))) as {
        'QUERY PLAN': string;
      }[];
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await sql`RESET enable_seqscan`.execute(conn);
      await sql`RESET enable_sort`.execute(conn);
    }
  });

const mint = randomAddress();
const cursors: Record<TStreamSort, ListCursor> = {
  newest: { sort: 'newest', live: true, createdAt: '2026-01-01T00:00:00.000000Z', mint },
  market_cap: { sort: 'market_cap', marketCap: 150, mint },
  participants: { sort: 'participants', participants: 0, marketCap: 150, mint },
  activity: { sort: 'activity', live: true, marketCap: 150, mint },
};

describe(`every list order reads an index (${databaseKind()})`, () => {
  const sorts: TStreamSort[] = ['newest', 'market_cap', 'participants', 'activity'];
  for (const sort of sorts) {
    for (const live of [undefined, true, false]) {
      for (const page of ['first page', 'after a cursor'] as const) {
        it(`sort=${sort}${live === undefined ? '' : ` live=${live}`}, ${page}: no sort, an index range`, async () => {
          const plan = await planOf((repo) =>
            repo.list({
              limit: 24,
              sort,
              live,
              ...(page === 'after a cursor' ? { after: cursors[sort] } : {}),
            }),
          );
          expect(plan).not.toMatch(/\bSort\b/);
          expect(plan).toMatch(/Index (Only )?Scan/);
          // The cursor is a bound of the index range, not a filter over rows read from the start.
          if (page === 'after a cursor') expect(plan).toMatch(/Index Cond: .*ROW\(/);
        });
      }
    }
  }
});
