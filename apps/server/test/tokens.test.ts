import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZApiError, ZTokenData } from '@mintcast/contracts';
import { type MarketStandin, SHARED_FIXTURES_DIR, startMarketStandin } from '@mintcast/market-standin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStream, randomAddress } from './support/builders.ts';
import { advanceBudgetClock } from './support/market-budget.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
const HOSTILE = '0x1111111111111111111111111111111111111111';

// A copy of the shared samples plus one added next to them, to show extra samples are served too.
const fixturesDir = mkdtempSync(path.join(tmpdir(), 'mintcast-fixtures-'));
for (const f of readdirSync(SHARED_FIXTURES_DIR))
  copyFileSync(path.join(SHARED_FIXTURES_DIR, f), path.join(fixturesDir, f));
writeFileSync(
  path.join(fixturesDir, 'token-hostile-links.json'),
  JSON.stringify({
    schemaVersion: '1.0.0',
    pairs: [
      {
        chainId: 'bsc',
        dexId: 'pancakeswap',
        url: 'javascript:alert(1)',
        pairAddress: '0x2222222222222222222222222222222222222222',
        baseToken: { address: HOSTILE, name: 'Hostile', symbol: 'HOST' },
        priceUsd: '1.5',
        marketCap: 'lots',
        liquidity: { usd: 10 },
        info: {
          imageUrl: 'javascript:alert(2)',
          websites: [{ label: 'Site', url: 'javascript:alert(3)' }],
          socials: [
            { platform: 'twitter', handle: 'hostile_token' },
            { type: 'telegram', url: 'javascript:x' },
          ],
        },
      },
    ],
  }),
);

let standin: MarketStandin;
let t: TestApp;
beforeAll(async () => {
  standin = await startMarketStandin({ fixturesDir, includeBuiltIn: false });
  t = await createTestApp({ marketDataUrl: standin.url });
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
  rmSync(fixturesDir, { recursive: true, force: true });
});
beforeEach(() => standin.reset());

const get = (address: string) => t.app.inject({ method: 'GET', url: `/api/tokens/${address}` });
const errorOf = (res: { json(): unknown }) => ZApiError.parse(res.json()).error;
/** A fresh address served by the named sample, so each test starts with a cold cache. */
const tokenServedBy = (fixture: string): string => {
  const address = randomAddress();
  standin.assign(address, fixture);
  return address;
};

describe(`GET /api/tokens/{address} (${databaseKind()})`, () => {
  it('returns TokenData of the best bsc pair, for a mixed-case address', async () => {
    const mixed = '0x7A3f5C2e9B1d4E8f6A0c3B5d7E9f1A2b4C6d8E0f';
    const res = await get(mixed);
    expect(res.statusCode).toBe(200);
    const data = ZTokenData.parse(res.json());
    expect(data).toMatchObject({
      address: TOKEN,
      symbol: 'XSTRM',
      priceUsd: 0.004215,
      liquidityUsd: 412350.18,
    });
    expect(data.stale).toBe(false);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('rejects a bad address with the spec text and never calls upstream', async () => {
    for (const bad of ['0x123', 'hello', `${TOKEN}00`, '0xZZ3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f']) {
      const res = await get(bad);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe('Please enter a valid BSC token address');
    }
    expect(standin.requests()).toBe(0);
  });

  it('404 "Token not found on DexScreener" when there are no pairs', async () => {
    const res = await get(randomAddress());
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toMatchObject({
      code: 'token_not_found',
      message: 'Token not found on DexScreener',
    });
  });

  it('404 "Token not found on BSC" when the pairs are on other chains', async () => {
    const res = await get(tokenServedBy('token-other-chain-only'));
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toMatchObject({ code: 'token_not_on_bsc', message: 'Token not found on BSC' });
  });

  it('502 "HTTP error" with the upstream status on a non-OK answer', async () => {
    const address = randomAddress();
    standin.setMode('500', address);
    const res = await get(address);
    expect(res.statusCode).toBe(502);
    expect(errorOf(res)).toMatchObject({ code: 'upstream_http_error', message: 'HTTP error 500' });
    expect(errorOf(res).details).toEqual({ upstreamStatus: 500 });
  });

  it('malformed JSON from upstream is a 502 "Unable to load market data", not a crash', async () => {
    const address = tokenServedBy('token-two-pairs');
    standin.setMode('malformed', address);
    const res = await get(address);
    expect(res.statusCode).toBe(502);
    expect(errorOf(res).message).toBe('Unable to load market data');
  });

  it('503 "Unable to load market data" when the upstream cannot be reached', async () => {
    const app = await createTestApp({ marketDataUrl: 'http://127.0.0.1:9' }, { database: t.database });
    try {
      const res = await app.app.inject({ method: 'GET', url: `/api/tokens/${TOKEN}` });
      expect(res.statusCode).toBe(503);
      expect(errorOf(res)).toMatchObject({
        code: 'market_unavailable',
        message: 'Unable to load market data',
      });
    } finally {
      await app.close();
    }
  });

  it('100 concurrent requests for a cold token cause exactly 1 upstream request', async () => {
    const address = tokenServedBy('token-two-pairs');
    standin.setLatency(50);
    const results = await Promise.all(Array.from({ length: 100 }, () => get(address)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(standin.requestsFor(address)).toBe(1);
    expect(standin.requests()).toBe(1);
    // and the next request within the TTL is served from the cache
    expect((await get(address)).statusCode).toBe(200);
    expect(standin.requests()).toBe(1);
  });

  it('a 429 answers 502 "HTTP error 429", then backs off without calling upstream', async () => {
    standin.setMode('429');
    const first = await get(randomAddress());
    expect(first.statusCode).toBe(502);
    expect(errorOf(first).message).toBe('HTTP error 429');
    standin.setMode('normal');
    const during = await get(tokenServedBy('token-two-pairs'));
    expect(during.statusCode).toBe(503);
    expect(standin.requests()).toBe(1);
    await advanceBudgetClock(t.database.db, 1_100); // first back-off step is 1 s
    const after = await get(tokenServedBy('token-two-pairs'));
    expect(after.statusCode).toBe(200);
    expect(standin.requests()).toBe(2);
  });

  it('drops javascript: links from upstream and accepts the older socials shape', async () => {
    const res = await get(HOSTILE);
    expect(res.statusCode).toBe(200);
    const data = ZTokenData.parse(res.json());
    expect(data).toMatchObject({
      pairUrl: null,
      imageUrl: null,
      websites: [],
      twitter: 'https://x.com/hostile_token',
      telegram: null,
      priceUsd: 1.5,
      marketCap: 0,
    });
    expect(JSON.stringify(data)).not.toMatch(/javascript:/i);
  });

  it("records a view on the stream's last_viewed_at, at most once a minute", async () => {
    // An app of its own: closing it waits for every view write in flight, so what it did not write is known.
    const app = await createTestApp({ marketDataUrl: standin.url }, { database: t.database });
    const stream = await createStream(t.database.db, { mint: tokenServedBy('token-two-pairs') });
    const lastViewed = async () =>
      (
        await t.database.db
          .selectFrom('streams')
          .select('last_viewed_at')
          .where('mint', '=', stream.mint)
          .executeTakeFirstOrThrow()
      ).last_viewed_at;
    const view = () => app.app.inject({ method: 'GET', url: `/api/tokens/${stream.mint}` });
    expect(await lastViewed()).toBeNull();
    expect((await view()).statusCode).toBe(200);
    await expect.poll(lastViewed).not.toBeNull();
    const first = await lastViewed();
    expect((await view()).statusCode).toBe(200);
    await app.close();
    expect((await lastViewed())?.getTime()).toBe(first?.getTime());
  });
});
