import { randomUUID } from 'node:crypto';
import { ZReplayPrices, ZTokenData } from '@mintcast/contracts';
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream } from './support/builders.ts';
import { eventually } from './support/multi-instance.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

/**
 * The token's price over a replay (issue 30): every fresh market-data fetch of a live stream's token is kept,
 * and a replay answers the points of its broadcast, each at its moment in the video.
 */
let standin: MarketStandin;
let t: TestApp;
beforeAll(async () => {
  standin = await startMarketStandin();
  t = await createTestApp({ marketDataUrl: standin.url });
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

const snapshots = (mint: string) =>
  t.database.db.selectFrom('market_snapshots').selectAll().where('stream_id', '=', mint).execute();

const recording = async (mint: string, startedAt: Date, endedAt: Date | null) => {
  const id = randomUUID();
  await t.database.db
    .insertInto('recordings')
    .values({
      id,
      stream_id: mint,
      file_path: `${mint}/${id}.webm`,
      status: endedAt ? 'ready' : 'recording',
      started_at: startedAt,
      ended_at: endedAt,
      duration_ms: endedAt ? endedAt.getTime() - startedAt.getTime() : null,
    })
    .execute();
  return id;
};

describe(`replay prices (${databaseKind()})`, () => {
  it('keeps the price of a live stream’s token at each fetch, not of a stream that is offline', async () => {
    const live = await createStream(t.database.db, { is_currently_live: true });
    const offline = await createStream(t.database.db, { is_currently_live: false });
    standin.assign(live.mint, 'token-two-pairs');
    standin.assign(offline.mint, 'token-two-pairs');
    for (const { mint } of [live, offline]) {
      const res = await t.app.inject({ url: `/api/tokens/${mint}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const price = ZTokenData.parse((await t.app.inject({ url: `/api/tokens/${live.mint}` })).json()).priceUsd;
    await eventually(async () => (await snapshots(live.mint)).length === 1);
    const [kept] = await snapshots(live.mint);
    expect(kept?.price_usd).toBe(price);
    expect(await snapshots(offline.mint)).toEqual([]);
  });

  it('a replay answers the points of its broadcast at their moment in the video, the one before at 0', async () => {
    const { mint } = await createStream(t.database.db, { is_currently_live: false });
    const start = new Date(Date.UTC(2026, 10, 20, 12));
    const at = (s: number) => new Date(start.getTime() + s * 1000);
    const rows = [
      [-600, 1.0], // long before: not shown
      [-30, 1.1], // the price when it started
      [15, 1.2],
      [45, 1.5],
      [200, 9.9], // after the end
    ] as const;
    await t.database.db
      .insertInto('market_snapshots')
      .values(rows.map(([s, p]) => ({ stream_id: mint, at: at(s), price_usd: p, market_cap: p * 1e6 })))
      .execute();
    const id = await recording(mint, start, at(60));
    const res = await t.app.inject({ url: `/api/recordings/${id}/prices` });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZReplayPrices.parse(res.json()).items).toEqual([
      { offsetMs: 0, priceUsd: 1.1, marketCap: 1.1e6 },
      { offsetMs: 15_000, priceUsd: 1.2, marketCap: 1.2e6 },
      { offsetMs: 45_000, priceUsd: 1.5, marketCap: 1.5e6 },
    ]);

    const none = await recording((await createStream(t.database.db)).mint, start, at(60));
    expect(
      ZReplayPrices.parse((await t.app.inject({ url: `/api/recordings/${none}/prices` })).json()),
    ).toEqual({
      items: [],
    });
    expect((await t.app.inject({ url: `/api/recordings/${randomUUID()}/prices` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/recordings/not-a-uuid/prices' })).statusCode).toBe(400);
  });
});
