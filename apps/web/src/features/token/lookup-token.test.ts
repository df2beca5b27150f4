import { DEFAULT_TOKEN_IMAGE, type TTokenData } from '@mintcast/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { buildTokenPreview, lookupToken } from './lookup-token.ts';

const ADDRESS = '0x7A3f5C2e9B1d4E8f6A0c3B5d7E9f1A2b4C6d8E0f';
const data = (over: Partial<TTokenData> = {}): TTokenData => ({
  address: ADDRESS.toLowerCase(),
  name: 'Example Stream Token',
  symbol: 'XSTRM',
  imageUrl: 'https://dd.dexscreener.com/x.png',
  priceUsd: 0.004215,
  priceChange24h: 18.42,
  volume24h: 1284533.72,
  marketCap: 4215000,
  liquidityUsd: 412350.18,
  websites: [{ label: 'Website', url: 'https://example.invalid/' }],
  twitter: 'https://x.com/example',
  telegram: null,
  pairAddress: '0x9c2f',
  pairUrl: 'https://dexscreener.com/bsc/0x9c2f',
  dexId: 'pancakeswap',
  fetchedAt: new Date(0).toISOString(),
  stale: false,
  ...over,
});

/** Records the toasts a lookup raises (sonner renders nothing outside a page). */
const toasts = () => {
  const seen: string[] = [];
  return {
    seen,
    toast: {
      success: (m: string) => seen.push(`success:${m}`),
      error: (m: string) => seen.push(`error:${m}`),
    },
  };
};

describe('buildTokenPreview', () => {
  it('maps gateway data to the preview', () => {
    expect(buildTokenPreview(ADDRESS, data())).toEqual({
      address: ADDRESS.toLowerCase(),
      name: 'Example Stream Token',
      symbol: 'XSTRM',
      description: 'Example Stream Token (XSTRM) token trading on BSC',
      image: 'https://dd.dexscreener.com/x.png',
      marketCap: 4215000,
      price: 0.004215,
      website: 'https://example.invalid/',
      twitter: 'https://x.com/example',
      telegram: null,
    });
  });

  it('applies the spec defaults for a token without name, symbol, image or links', () => {
    const preview = buildTokenPreview(
      ADDRESS,
      data({ name: ' ', symbol: '', imageUrl: null, websites: [], twitter: null }),
    );
    expect(preview).toMatchObject({
      name: 'Unknown Token',
      symbol: 'UNKNOWN',
      description: 'Unknown Token (UNKNOWN) token trading on BSC',
      image: DEFAULT_TOKEN_IMAGE,
      website: null,
      twitter: null,
    });
  });
});

describe('lookupToken', () => {
  it('rejects a malformed address without calling the gateway', async () => {
    const { seen, toast } = toasts();
    let calls = 0;
    for (const bad of ['', '0x123', `${ADDRESS}0`, 'not an address at all but long enough']) {
      const result = await lookupToken(bad, {
        toast,
        fetchToken: async () => {
          calls += 1;
          return data();
        },
      });
      expect(result).toEqual({ status: 'invalid', message: 'Please enter a valid BSC token address' });
    }
    expect(calls).toBe(0);
    // Said once, inline: no toast beside it.
    expect(seen).toEqual([]);
  });

  it('takes an upper-case 0X prefix as 0x', async () => {
    const asked: string[] = [];
    const result = await lookupToken(`0X${ADDRESS.slice(2).toUpperCase()}`, {
      toast: toasts().toast,
      fetchToken: async (a) => {
        asked.push(a);
        return data();
      },
    });
    expect(result.status).toBe('ok');
    expect(asked).toEqual([`0x${ADDRESS.slice(2).toUpperCase()}`]);
    expect(result.status === 'ok' && result.preview.address).toBe(ADDRESS.toLowerCase());
  });

  it('trims the input, builds the preview and toasts success', async () => {
    const { seen, toast } = toasts();
    const asked: string[] = [];
    const result = await lookupToken(`  ${ADDRESS}  `, {
      toast,
      fetchToken: async (a) => {
        asked.push(a);
        return data();
      },
    });
    expect(asked).toEqual([ADDRESS]);
    expect(result.status).toBe('ok');
    expect(seen).toEqual(['success:Token data loaded successfully!']);
  });

  it('keeps the gateway reason for the inline message, and toasts nothing beside it', async () => {
    const { seen, toast } = toasts();
    const notOnBsc = await lookupToken(ADDRESS, {
      toast,
      fetchToken: async () => {
        throw new ApiError(404, 'token_not_on_bsc', 'Token not found on BSC');
      },
    });
    expect(notOnBsc).toEqual({ status: 'failed', message: 'Token not found on BSC' });
    const offline = await lookupToken(ADDRESS, {
      toast,
      fetchToken: async () => {
        throw new ApiError(0, 'network', 'Network error, check your connection');
      },
    });
    expect(offline).toEqual({ status: 'failed', message: 'Unable to load market data' });
    const down = await lookupToken(ADDRESS, {
      toast,
      fetchToken: async () => {
        throw new ApiError(503, 'market_unavailable', 'Market data service unavailable');
      },
    });
    expect(down).toEqual({ status: 'failed', message: 'Unable to load market data' });
    expect(seen).toEqual([]);
  });
});
