import { ZTokenData } from '@mintcast/contracts';
import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuredDemoStreams } from '../src/db/seed.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let standin: MarketStandin;
let t: TestApp;
beforeAll(async () => {
  standin = await startMarketStandin();
  t = await createTestApp({ marketDataUrl: standin.url });
}, 180_000); // app boot on a busy shared machine
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

describe('offline demo: the stand-in knows the seed’s featured tokens', () => {
  it('serves market data matching each featured demo stream', async () => {
    const live = featuredDemoStreams();
    expect(live.length).toBeGreaterThan(0);
    for (const s of live) {
      const res = await t.app.inject({ method: 'GET', url: `/api/tokens/${s.mint}` });
      expect(res.statusCode, `${s.symbol} ${s.mint}`).toBe(200);
      const data = ZTokenData.parse(res.json());
      expect(data).toMatchObject({
        name: s.name,
        symbol: s.symbol,
        marketCap: s.usd_market_cap,
        imageUrl: null,
      });
    }
    expect(standin.requests()).toBe(live.length);
  });
});
