import { type MarketStandin, startMarketStandin } from '@mintcast/market-standin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.ts';
import { createDexScreenerClient } from '../src/tokens/dexscreener-client.ts';
import { createMarketRepository } from '../src/tokens/market.repository.ts';
import { createMarketGateway } from '../src/tokens/market-gateway.ts';
import { createMarketRefresh } from '../src/tokens/market-refresh.ts';
import { createUpstreamLimiter } from '../src/tokens/upstream-limiter.ts';
import { createStream, randomAddress } from './support/builders.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

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
beforeEach(async () => {
  standin.reset();
  await t.database.db.deleteFrom('streams').execute();
});

const job = () => {
  const client = createDexScreenerClient({ baseUrl: standin.url, limiter: createUpstreamLimiter() });
  return createMarketRefresh({
    gateway: createMarketGateway({ client }),
    repo: createMarketRepository(t.database.db),
    streams: t.app.ctx.streams,
  });
};
const row = (mint: string) =>
  t.database.db.selectFrom('streams').selectAll().where('mint', '=', mint).executeTakeFirstOrThrow();
const mintServedBy = (fixture: string) => {
  const a = randomAddress();
  standin.assign(a, fixture);
  return a;
};

describe(`market refresh job (${databaseKind()})`, () => {
  it('updates market cap of live and recently viewed streams, fills empty fields, skips the rest', async () => {
    const live = await createStream(t.database.db, {
      mint: mintServedBy('token-two-pairs'),
      is_currently_live: true,
      usd_market_cap: 1,
      name: '',
      symbol: '',
      image_uri: null,
    });
    const viewed = await createStream(t.database.db, {
      mint: mintServedBy('token-two-pairs'),
      last_viewed_at: new Date(Date.now() - 10 * 60_000),
      usd_market_cap: 5,
    });
    const idle = await createStream(t.database.db, {
      mint: mintServedBy('token-two-pairs'),
      last_viewed_at: new Date(Date.now() - 2 * 60 * 60_000),
      usd_market_cap: 7,
    });
    const unknown = await createStream(t.database.db, { is_currently_live: true, usd_market_cap: 9 });

    const changes: string[] = [];
    const off = t.app.ctx.streams.onChange((s) => changes.push(s.mint));
    const result = await job().runOnce();
    off();

    expect(result).toEqual({ checked: 3, updated: 2 });
    expect(standin.requests()).toBe(1); // three tokens, one batched call
    expect(await row(live.mint)).toMatchObject({
      usd_market_cap: 4215000,
      name: 'Example Stream Token',
      symbol: 'XSTRM',
      image_uri: expect.stringMatching(/^https:\/\/dd\.dexscreener\.com\//),
    });
    expect(await row(viewed.mint)).toMatchObject({ usd_market_cap: 4215000, name: viewed.name });
    expect((await row(idle.mint)).usd_market_cap).toBe(7);
    expect((await row(unknown.mint)).usd_market_cap).toBe(9);
    expect(changes.sort()).toEqual([live.mint, viewed.mint].sort());
  });

  it('batches up to 30 streams per upstream call and writes nothing when figures are unchanged', async () => {
    for (let i = 0; i < 31; i++) {
      await createStream(t.database.db, {
        mint: mintServedBy('token-two-pairs'),
        is_currently_live: true,
        usd_market_cap: 4215000,
      });
    }
    expect(await job().runOnce()).toEqual({ checked: 31, updated: 0 });
    expect(standin.requests()).toBe(2);
  });

  it('leaves streams untouched when the upstream fails', async () => {
    const s = await createStream(t.database.db, {
      mint: mintServedBy('token-two-pairs'),
      is_currently_live: true,
      usd_market_cap: 3,
    });
    standin.setMode('500');
    expect(await job().runOnce()).toEqual({ checked: 1, updated: 0 });
    expect((await row(s.mint)).usd_market_cap).toBe(3);
  });

  it('reads its period from MARKET_REFRESH_INTERVAL_MS (0 = off), validated at boot', () => {
    expect(loadConfig({ MARKET_REFRESH_INTERVAL_MS: '0' }).marketRefreshIntervalMs).toBe(0);
    expect(loadConfig({ MARKET_REFRESH_INTERVAL_MS: '5000' }).marketRefreshIntervalMs).toBe(5000);
    expect(loadConfig({}).marketRefreshIntervalMs).toBe(60_000);
    expect(() => loadConfig({ MARKET_REFRESH_INTERVAL_MS: 'soon' })).toThrow(/MARKET_REFRESH_INTERVAL_MS/);
  });
});
