import { TOKEN_ERROR_CODES, type TTokenData } from '@mintcast/contracts';
import { ApiError } from '../../lib/api.ts';

/** What the trading data card shows (spec §2, §8): figures, skeletons, or an inline message. */
export type TradingView =
  | { kind: 'loading' }
  | { kind: 'figures'; data: TTokenData }
  | { kind: 'message'; message: TradingMessage; retry: boolean };

/** Key of the inline message under `token.` in the catalogs (English: TOKEN_MESSAGES). */
export type TradingMessage = 'noData' | 'noPairs' | 'unavailable' | 'loadFailed';

const hasFigures = (d: TTokenData) =>
  d.priceUsd !== 0 || d.volume24h !== 0 || d.marketCap !== 0 || d.liquidityUsd !== 0;

/**
 * Gateway answers to inline states: no pairs at all → "No trading pairs found for this token"; pairs
 * but none on BSC, or nothing but zeros → "No trading data available"; the service unreachable →
 * "Unable to load market data"; anything else → "Failed to load trading data". Failures can be retried.
 */
export const tradingView = (q: {
  data: TTokenData | undefined;
  error: unknown;
  isPending: boolean;
}): TradingView => {
  if (q.data) {
    return hasFigures(q.data)
      ? { kind: 'figures', data: q.data }
      : { kind: 'message', message: 'noData', retry: false };
  }
  if (q.isPending && !q.error) return { kind: 'loading' };
  const err = q.error;
  if (err instanceof ApiError) {
    if (err.code === TOKEN_ERROR_CODES.notFound) return { kind: 'message', message: 'noPairs', retry: false };
    if (err.code === TOKEN_ERROR_CODES.notOnBsc) return { kind: 'message', message: 'noData', retry: false };
    if (err.status === 0 || err.code === TOKEN_ERROR_CODES.unavailable) {
      return { kind: 'message', message: 'unavailable', retry: true };
    }
  }
  return { kind: 'message', message: 'loadFailed', retry: true };
};
