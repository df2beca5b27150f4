import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SHARED_FIXTURES_DIR } from '@mintcast/market-standin';
import { describe, expect, it } from 'vitest';
import { type RawPair, safeHttpUrl, toTokenLookup } from '../src/tokens/pair-mapping.ts';

const TOKEN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
const read = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(SHARED_FIXTURES_DIR, name), 'utf8'));
const pairsOf = (name: string): RawPair[] | null => {
  const body = read(name);
  return Array.isArray(body) ? body : (body as { pairs: RawPair[] | null }).pairs;
};

describe('DexScreener pair mapping (every shared sample)', () => {
  it('two bsc pairs: the one with the highest liquidity.usd wins, whatever the order', () => {
    const pairs = pairsOf('token-two-pairs.json') ?? [];
    for (const order of [pairs, [...pairs].reverse()]) {
      const result = toTokenLookup(order, TOKEN);
      expect(result.kind).toBe('ok');
      if (result.kind !== 'ok') return;
      expect(result.data).toEqual({
        address: TOKEN,
        name: 'Example Stream Token',
        symbol: 'XSTRM',
        imageUrl: `https://dd.dexscreener.com/ds-data/tokens/bsc/${TOKEN}.png`,
        priceUsd: 0.004215,
        priceChange24h: 18.42,
        volume24h: 1284533.72,
        marketCap: 4215000,
        liquidityUsd: 412350.18,
        websites: [{ label: 'Website', url: 'https://example-stream-token.invalid/' }],
        twitter: 'https://x.com/example_xstrm',
        telegram: 'https://t.me/example_xstrm',
        pairAddress: '0x9C2f4A7e1B3d5C6a8E0F2b4D6c8A1e3F5b7D9c0A',
        pairUrl: 'https://dexscreener.com/bsc/0x9c2f4a7e1b3d5c6a8e0f2b4d6c8a1e3f5b7d9c0a',
        dexId: 'pancakeswap',
      });
    }
  });

  it('thin pair: missing figures and a non-numeric change become 0, missing info gives no links', () => {
    const result = toTokenLookup(pairsOf('token-thin-pair.json'), TOKEN);
    expect(result).toMatchObject({
      kind: 'ok',
      data: {
        priceUsd: 0,
        priceChange24h: 0,
        marketCap: 0,
        liquidityUsd: 0,
        volume24h: 1284533.72,
        imageUrl: null,
        websites: [],
        twitter: null,
        telegram: null,
      },
    });
  });

  it('unknown token (pairs: null) is not found on DexScreener', () => {
    expect(toTokenLookup(pairsOf('token-unknown.json'), TOKEN)).toEqual({ kind: 'not_found' });
  });

  it('pairs on another chain only: not found on BSC', () => {
    expect(toTokenLookup(pairsOf('token-other-chain-only.json'), TOKEN)).toEqual({ kind: 'not_on_bsc' });
  });

  it('the flat /tokens/v1 array maps like the /latest answer', () => {
    const flat = toTokenLookup(pairsOf('tokens-v1-bsc-flat.json'), TOKEN);
    const latest = toTokenLookup(pairsOf('token-two-pairs.json'), TOKEN);
    expect(flat).toEqual(latest);
  });

  it('addresses are compared in lower case; pairs of other base tokens are ignored', () => {
    const pairs = pairsOf('token-two-pairs.json') ?? [];
    expect(toTokenLookup(pairs, TOKEN.toUpperCase().replace('0X', '0x').toLowerCase()).kind).toBe('ok');
    expect(toTokenLookup(pairs, '0x0000000000000000000000000000000000000001')).toEqual({ kind: 'not_found' });
  });

  it('accepts the older socials shape and keeps only http(s) links', () => {
    const [pair] = pairsOf('token-two-pairs.json') ?? [];
    const hostile = {
      ...pair,
      url: 'javascript:alert(1)',
      info: {
        imageUrl: 'data:image/svg+xml,<svg onload=alert(1)>',
        websites: [{ label: 'x', url: 'javascript:alert(document.cookie)' }, { url: 'http://ok.example/' }],
        socials: [
          { platform: 'twitter', handle: '@legacy_handle' },
          { platform: 'telegram', handle: 'javascript:alert(1)' },
        ],
      },
    };
    const result = toTokenLookup([hostile], TOKEN);
    expect(result).toMatchObject({
      kind: 'ok',
      data: {
        pairUrl: null,
        imageUrl: null,
        websites: [{ label: 'Website', url: 'http://ok.example/' }],
        twitter: 'https://x.com/legacy_handle',
        telegram: null,
      },
    });
  });

  it('safeHttpUrl rejects every non-http scheme', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:x',
      'data:text/html,x',
      'ftp://x',
      '//x.com',
      42,
      null,
    ]) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
    expect(safeHttpUrl('HTTPS://Example.com/a')).toBe('https://example.com/a');
  });
});
