import type { TTokenData } from '@mintcast/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { tradingView } from './trading-state.ts';

const figures = { priceUsd: 0.01, volume24h: 5, marketCap: 10, liquidityUsd: 3 } as TTokenData;
const zeros = { priceUsd: 0, volume24h: 0, marketCap: 0, liquidityUsd: 0 } as TTokenData;
const failed = (error: unknown) => tradingView({ data: undefined, error, isPending: true });

describe('trading data card states', () => {
  it('skeletons while loading, figures when there are any', () => {
    expect(tradingView({ data: undefined, error: null, isPending: true })).toEqual({ kind: 'loading' });
    expect(tradingView({ data: figures, error: null, isPending: false })).toEqual({
      kind: 'figures',
      data: figures,
    });
    // a failed background poll keeps showing the last figures
    expect(
      tradingView({ data: figures, error: new ApiError(503, 'market_unavailable', 'x'), isPending: false })
        .kind,
    ).toBe('figures');
  });

  it('maps each gateway answer to its inline message', () => {
    expect(failed(new ApiError(404, 'token_not_found', 'Token not found on DexScreener'))).toEqual({
      kind: 'message',
      message: 'noPairs',
      retry: false,
    });
    expect(failed(new ApiError(404, 'token_not_on_bsc', 'Token not found on BSC'))).toEqual({
      kind: 'message',
      message: 'noData',
      retry: false,
    });
    expect(tradingView({ data: zeros, error: null, isPending: false })).toMatchObject({
      message: 'noData',
    });
    expect(failed(new ApiError(503, 'market_unavailable', 'Unable to load market data'))).toEqual({
      kind: 'message',
      message: 'unavailable',
      retry: true,
    });
    expect(failed(new ApiError(0, 'network', 'offline'))).toMatchObject({
      message: 'unavailable',
    });
    expect(failed(new ApiError(502, 'upstream_http_error', 'HTTP error 500'))).toEqual({
      kind: 'message',
      message: 'loadFailed',
      retry: true,
    });
  });
});
