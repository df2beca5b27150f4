import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import { createSharedUpstreamLimiter } from '../src/tokens/shared-upstream-limiter.ts';
import { advanceBudgetClock } from './support/market-budget.ts';
import { startInstances } from './support/multi-instance.ts';
import { databaseKind } from './support/test-database.ts';

/**
 * The market-data budget is one for all server instances on a database: each instance has its own
 * connection pool here (separate processes behind a load balancer, on PostgreSQL).
 */
let instances: Awaited<ReturnType<typeof startInstances>>;
let handles: DatabaseHandle[];
let standin: MarketStandin;
beforeAll(async () => {
  standin = await startMarketStandin();
  instances = await startInstances(2, { marketDataUrl: standin.url });
  handles = instances.apps.map((a) => a.database);
});
afterAll(async () => {
  await instances?.close();
  await standin?.close();
});
beforeEach(async () => {
  const { sql } = await import('kysely');
  await sql`UPDATE market_upstream_budget SET tokens = 5, refilled_at = now(), blocked_until = '-infinity', backoff_ms = 0`.execute(
    (handles[0] as DatabaseHandle).db,
  );
});

const pair = () =>
  handles.map((h) => createSharedUpstreamLimiter(h.db, { burst: 5, perMinute: 6, minBackoffMs: 1_000 }));

describe(`shared market-data budget (${databaseKind()})`, () => {
  it('two instances together get the burst once, not once each', async () => {
    const [a, b] = pair();
    let granted = 0;
    for (let i = 0; i < 10; i++) {
      if (await a?.tryAcquire()) granted++;
      if (await b?.tryAcquire()) granted++;
    }
    expect(granted).toBe(5); // refill is 0.1/s: nothing more within the test
  });

  it('concurrent callers on both instances never overspend', async () => {
    const [a, b] = pair();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => ((i % 2 ? a : b) ?? a)?.tryAcquire()),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
  });

  it('a 429 seen by one instance stops the other; the back-off ends on its own', async () => {
    const [a, b] = pair();
    await a?.rateLimited(1); // Retry-After: 1
    expect(await b?.tryAcquire()).toBe(false);
    const db = (handles[0] as DatabaseHandle).db;
    await advanceBudgetClock(db, 500);
    expect(await b?.tryAcquire()).toBe(false); // half-way through the back-off
    await advanceBudgetClock(db, 600);
    expect(await b?.tryAcquire()).toBe(true);
  });

  it('is the budget the API uses: spent on the database, a cold token gets 503 on every instance', async () => {
    const token = `0x${'5'.repeat(40)}`;
    standin.assign(token, 'token-two-pairs'); // the upstream would answer
    const { sql } = await import('kysely');
    await sql`UPDATE market_upstream_budget SET tokens = 0, refilled_at = now() + interval '1 hour'`.execute(
      (handles[0] as DatabaseHandle).db,
    );
    const res = await instances.apps[1]?.app.inject({
      method: 'GET',
      url: `/api/tokens/${token}`,
    });
    expect(res?.statusCode).toBe(503);
    expect(res?.json()).toMatchObject({
      error: { code: 'market_unavailable', message: 'Unable to load market data' },
    });
  });
});
