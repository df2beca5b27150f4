import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MarketStandin, startMarketStandin } from './server.ts';

const TOKEN = '0x7A3f5C2e9B1d4E8f6A0c3B5d7E9f1A2b4C6d8E0f';
const PUP = '0x5f2c8e1a9b3d7c4e6a0b2d8f1c3e5a7b9d0f2c4e';
const OTHER = '0x0000000000000000000000000000000000000abc';

let s: MarketStandin;
beforeAll(async () => {
  s = await startMarketStandin();
});
afterAll(() => s?.close());
beforeEach(() => s.reset());

const get = (path: string, signal?: AbortSignal) => fetch(`${s.url}${path}`, { signal });

describe('market-data stand-in', () => {
  it('serves the samples by base token address, case-insensitively, and counts requests', async () => {
    const res = await get(`/latest/dex/tokens/${TOKEN.toLowerCase()}`);
    const body = (await res.json()) as { pairs: { baseToken: { address: string } }[] };
    expect(res.status).toBe(200);
    expect(body.pairs).toHaveLength(2);
    expect(body.pairs[0]?.baseToken.address).toBe(TOKEN);
    await get(`/latest/dex/tokens/${TOKEN},${PUP}`);
    expect(s.requests()).toBe(2);
    expect(s.requestsFor(TOKEN)).toBe(2);
    expect(s.requestsFor(PUP.toUpperCase().replace('0X', '0x'))).toBe(1);
    expect(s.fixtures()).toEqual(expect.arrayContaining(['token-two-pairs', 'demo-pixel-pup']));
  });

  it('answers pairs: null for an unknown token, and the flat v1 form on /tokens/v1/bsc', async () => {
    expect(await (await get(`/latest/dex/tokens/${OTHER}`)).json()).toEqual({
      schemaVersion: '1.0.0',
      pairs: null,
    });
    expect(await (await get(`/tokens/v1/bsc/${OTHER}`)).json()).toEqual([]);
    const flat = (await (await get(`/tokens/v1/bsc/${TOKEN}`)).json()) as unknown[];
    expect(flat).toHaveLength(2);
    s.assign(OTHER, 'token-other-chain-only');
    expect(await (await get(`/tokens/v1/bsc/${OTHER}`)).json()).toEqual([]);
  });

  it('serves an assigned sample for any address, rewritten to that address', async () => {
    s.assign(OTHER, 'token-thin-pair');
    const body = (await (await get(`/latest/dex/tokens/${OTHER}`)).json()) as {
      pairs: { baseToken: { address: string }; priceUsd?: string }[];
    };
    expect(body.pairs[0]?.baseToken.address.toLowerCase()).toBe(OTHER);
    expect(body.pairs[0]?.priceUsd).toBeUndefined();
    expect(() => s.assign(OTHER, 'nope')).toThrow(/No sample/);
  });

  it('serves a price tick: the set price, with market cap and FDV scaled, until reset', async () => {
    type Pair = { priceUsd: string; marketCap?: number; fdv?: number };
    const pairsOf = async () =>
      ((await (await get(`/latest/dex/tokens/${TOKEN}`)).json()) as { pairs: Pair[] }).pairs;
    const [before] = await pairsOf();
    s.setPrice(TOKEN, Number(before?.priceUsd) * 2);
    const [after] = await pairsOf();
    expect(Number(after?.priceUsd)).toBe(Number(before?.priceUsd) * 2);
    if (before?.marketCap !== undefined) expect(after?.marketCap).toBeCloseTo(before.marketCap * 2);
    s.reset();
    expect((await pairsOf())[0]?.priceUsd).toBe(before?.priceUsd);
  });

  it('fails on command: 429 with an empty body, 500, malformed JSON, per address or for all', async () => {
    s.setMode('429');
    const limited = await get(`/latest/dex/tokens/${TOKEN}`);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toBe('');
    s.setMode('500', PUP);
    s.setMode('normal');
    s.setMode('500', PUP);
    expect((await get(`/latest/dex/tokens/${PUP}`)).status).toBe(500);
    expect((await get(`/latest/dex/tokens/${TOKEN}`)).status).toBe(200);
    s.setMode('malformed', TOKEN);
    await expect((await get(`/latest/dex/tokens/${TOKEN}`)).json()).rejects.toThrow();
  });

  it('hangs on command until the client gives up', async () => {
    s.setMode('hang');
    await expect(get(`/latest/dex/tokens/${TOKEN}`, AbortSignal.timeout(200))).rejects.toThrow();
    expect(s.requests()).toBe(1);
  });

  it('refuses more than 30 addresses, like DexScreener', async () => {
    const many = Array.from({ length: 31 }, (_, i) => `0x${String(i).padStart(40, '0')}`).join(',');
    expect((await get(`/latest/dex/tokens/${many}`)).status).toBe(400);
    expect((await get('/nope')).status).toBe(404);
  });
});
